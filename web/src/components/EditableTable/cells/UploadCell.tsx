import { CloseCircleOutlined, DownloadOutlined, EllipsisOutlined, ExclamationCircleOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../feedback';
import { nameOfPath, type UploadItem } from '../../upload/uploadRules';
import { useUploadList } from '../../upload/useUploadList';
import { MSG, UPLOAD_DEFAULT_BIZ, UPLOAD_DEFAULT_NUMBER } from '../constants';
import { shortFileName } from '../layout';
import type { ColumnDef } from '../types';
import { UploadMoreDialog } from './UploadMoreDialog';

/**
 * The chosen file's own name per stored path (the server names stored files itself), so a cell shows what the user
 * uploaded, also after its row was scrolled away and back; a path from elsewhere shows its last segment.
 */
const uploadedNames = new Map<string, string>();
export const displayName = (item: UploadItem): string => (item.path && uploadedNames.get(item.path)) || item.name;

/**
 * How many files a cell keeps (001 §3, §5, §9): the column's `number`, else `uploadnum` of its fieldExtendJson,
 * else 0 = unlimited. With N > 0 only the last N files are kept.
 */
export function uploadLimit(col: Pick<ColumnDef, 'number' | 'fieldExtendJson'>): number {
  if (typeof col.number === 'number' && Number.isInteger(col.number) && col.number >= 0) return col.number;
  if (col.fieldExtendJson) {
    try {
      const n = Number((JSON.parse(col.fieldExtendJson) as { uploadnum?: unknown }).uploadnum);
      if (Number.isInteger(n) && n >= 0) return n;
    } catch {
      // not JSON: no limit from it
    }
  }
  return UPLOAD_DEFAULT_NUMBER;
}

const showError = (item: UploadItem) => feedback.modal.error({ title: MSG.uploadError, content: item.message || MSG.unknownError });

/**
 * Upload and image cells (001 §4 upload cell: empty, uploading, done, error), on the upload widgets' own state
 * machine (upload/useUploadList): each file goes to the column's action (default `POST /sys/common/upload`, file,
 * isup=1, biz), with the access token only when the column's token flag is set; the stored path comes back in
 * `message` (or the column's responseName). The value — the paths comma-joined — is emitted once every file is done,
 * keeping only the last N files when the column has a count limit.
 * Done: download, delete (back to empty) and the more-options dialog (every file, upload more). Error: an icon whose
 * click shows 'upload error' with the message.
 */
export function UploadCell({ col, value, onChange, image }: { col: ColumnDef; value: unknown; onChange: (v: unknown) => void; image?: boolean }) {
  const limit = uploadLimit(col);
  const { items, upload, remove, replace } = useUploadList({
    value,
    onChange,
    image: !!image,
    biz: (col.props?.biz as string | undefined) ?? UPLOAD_DEFAULT_BIZ,
    number: limit,
    returnUrl: true,
    request: { url: col.action, anonymous: col.token !== true, responseName: col.responseName },
    notify: false,
  });
  const [more, setMore] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    for (const i of items) if (i.status === 'done' && i.path && i.name !== nameOfPath(i.path)) uploadedNames.set(i.path, i.name);
  }, [items]);

  const chooser = (
    <input
      ref={input}
      type="file"
      hidden
      multiple={limit !== 1}
      accept={image ? 'image/*' : undefined}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        files.forEach((f) => void upload(f));
      }}
    />
  );
  const pick = () => input.current?.click();
  const dialog = (
    <UploadMoreDialog
      open={more}
      onClose={() => setMore(false)}
      items={items}
      image={!!image}
      col={col}
      limit={limit}
      onRemove={remove}
      onUpload={pick}
      nameOf={displayName}
    />
  );
  const shown = items[items.length - 1];

  if (!shown) {
    return (
      <>
        {chooser}
        <Button size="small" icon={<UploadOutlined />} disabled={col.disabled} onClick={pick}>
          {col.btnText ?? (image ? '上传' : '点击上传')}
        </Button>
      </>
    );
  }
  const name = displayName(shown);
  const others =
    items.length > 1 ? (
      <span className="pk-et-upload-count" title={`共 ${items.length} 个文件`}>
        +{items.length - 1}
      </span>
    ) : null;
  if (shown.status === 'uploading')
    return (
      <span className="pk-et-upload">
        {chooser}
        <LoadingOutlined /> {shortFileName(name)}
        {others}
      </span>
    );
  if (shown.status === 'error') {
    return (
      <span className="pk-et-upload">
        {chooser}
        <Tooltip title={MSG.uploadFailed}>
          <ExclamationCircleOutlined style={{ color: '#ff4d4f', cursor: 'pointer' }} aria-label={MSG.uploadError} onClick={() => showError(shown)} />
        </Tooltip>{' '}
        {shortFileName(name)}
        <CloseCircleOutlined aria-label="清除" style={{ marginLeft: 4, cursor: 'pointer' }} onClick={() => remove(shown.uid)} />
        {others}
      </span>
    );
  }
  const url = shown.url ?? '';
  return (
    <span className="pk-et-upload">
      {chooser}
      {image ? (
        <img src={url} alt={name} style={{ width: 40, height: 40, objectFit: 'cover', verticalAlign: 'middle' }} />
      ) : (
        <Tooltip title={name}>
          <span>{shortFileName(name)}</span>
        </Tooltip>
      )}
      {others}
      {col.allowDownload !== false && (
        <a href={url} target="_blank" rel="noreferrer" download={name} aria-label="下载">
          <DownloadOutlined style={{ marginLeft: 4 }} />
        </a>
      )}
      {col.allowRemove !== false && !col.disabled && (
        <CloseCircleOutlined aria-label="删除" style={{ marginLeft: 4, cursor: 'pointer' }} onClick={() => replace([])} />
      )}
      <EllipsisOutlined aria-label="更多" style={{ marginLeft: 4, cursor: 'pointer' }} onClick={() => setMore(true)} />
      {dialog}
    </span>
  );
}
