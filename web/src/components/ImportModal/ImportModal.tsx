/**
 * The Excel import dialog (001 §2: width 600, .xls/.xlsx only, several files, upload disabled with no files;
 * §4 states; §8 messages; contract §7.5). Choosing files only queues them; 开始上传 posts them all at once with the
 * import's own long timeout. Success closes and emits ok; code 201 also opens the 导入成功,但是有错误数据! warning with
 * the error-file link; a failure warns and keeps the dialog open.
 *
 * @example
 *   <ImportModal open={open} url="/sys/position/importExcel" onClose={() => setOpen(false)} onOk={reload} />
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { http, HttpError } from '../../api/request';
import { feedback } from '../feedback';
import { warningDialog } from '../../crud/notify';
import { buildImportForm, importOutcome, IMPORT_ACCEPT, IMPORT_MSG, IMPORT_TIMEOUT_MS, IMPORT_WIDTH, isExcelName, type ImportOptions } from './importRules';

export interface ImportModalProps extends ImportOptions {
  open: boolean;
  /** The import path, e.g. `/sys/position/importExcel` (under the API prefix). */
  url: string;
  onClose: () => void;
  /** Called after a successful (or partly successful) import, e.g. to reload the list. */
  onOk?: () => void;
}

type Queued = UploadFile & { originFileObj: File };

/** The 201 warning: server message, the summary line and a download link for the error file. */
function warnPartial(o: { message: string; msg: string; href: string | null; fileName?: string }): void {
  warningDialog({
    title: IMPORT_MSG.partialTitle,
    content: (
      <div>
        {o.message && <div>{o.message}</div>}
        {o.msg && <div>{o.msg}</div>}
        {o.href && (
          <span>
            {IMPORT_MSG.detail}{' '}
            <a href={o.href} target="_blank" rel="noreferrer" download={o.fileName}>
              {IMPORT_MSG.download}
            </a>
          </span>
        )}
      </div>
    ),
  });
}

export function ImportModal({ open, url, onClose, onOk, ...options }: ImportModalProps): ReactNode {
  const [queue, setQueue] = useState<Queued[]>([]);
  const [busy, setBusy] = useState(false);

  // every opening starts with an empty queue (001 §4)
  useEffect(() => {
    if (open) setQueue([]);
  }, [open]);

  async function start(): Promise<void> {
    if (!queue.length) return;
    setBusy(true);
    try {
      const res = await http.upload<unknown>(
        url,
        buildImportForm(
          queue.map((q) => q.originFileObj),
          options,
        ),
        { timeout: IMPORT_TIMEOUT_MS },
      );
      const o = importOutcome(res);
      if (o.kind === 'fail') {
        void feedback.message.warning(o.message);
        return;
      }
      if (o.kind === 'partial') warnPartial(o);
      else void feedback.message.success(o.message);
      onClose();
      onOk?.();
    } catch (e) {
      // the request client has already shown HTTP-level errors; a plain network failure gets the 001 §8 text
      if (!(e instanceof HttpError)) void feedback.message.warning(IMPORT_MSG.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={IMPORT_MSG.title}
      width={IMPORT_WIDTH}
      open={open}
      onCancel={() => !busy && onClose()}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} disabled={busy}>
          {IMPORT_MSG.close}
        </Button>,
        <Button key="start" type="primary" disabled={queue.length === 0} loading={busy} onClick={() => void start()}>
          {busy ? IMPORT_MSG.busy : IMPORT_MSG.start}
        </Button>,
      ]}
    >
      <Upload
        name="file"
        multiple
        accept={IMPORT_ACCEPT}
        fileList={queue}
        disabled={busy}
        onRemove={(file) => setQueue((q) => q.filter((f) => f.uid !== file.uid))}
        beforeUpload={(file) => {
          if (!isExcelName(file.name)) {
            void feedback.message.warning(IMPORT_MSG.notExcel);
            return Upload.LIST_IGNORE;
          }
          setQueue((q) => [...q, { uid: file.uid, name: file.name, size: file.size, type: file.type, status: 'done', originFileObj: file }]);
          return false; // only queued: nothing is sent until 开始上传
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={busy}>
          {IMPORT_MSG.choose}
        </Button>
      </Upload>
    </Modal>
  );
}
