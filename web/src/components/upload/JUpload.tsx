/**
 * File and image upload widgets (001 §2 "image and file upload widgets", §4 upload states, §8 messages).
 * Each file is sent on its own to `POST /sys/common/upload` (file, biz, isup=1); the widget shows it uploading,
 * done (download, delete, more options; images also preview and move) or failed (an error icon that opens the
 * 上传出错 dialog with the server's message). The value is emitted only when every file is done.
 *
 * @example
 *   <FileUpload value={paths} onChange={setPaths} />            // 'temp/20261123/ab….pdf,temp/…'
 *   <ImageUpload number={1} biz="avatar" value={avatar} onChange={setAvatar} />
 *   <FileUpload returnUrl={false} onChange={(records) => …} />  // [{ fileName, filePath, fileSize }]
 */
import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Image, Modal, Space, Tooltip, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EllipsisOutlined,
  ExclamationCircleOutlined,
  EyeOutlined,
  LeftOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PlusOutlined,
  RightOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { feedback } from '../feedback';
import { BUTTON_TEXT, formatSize, moveItem, MSG, type UploadItem, type UploadValue } from './uploadRules';
import { useUploadList } from './useUploadList';
import { MSG as SHARED_MSG } from '../../messages';

export interface UploadProps {
  /** Comma-joined paths, or records when `returnUrl` is false. */
  value?: UploadValue | null;
  onChange?: (value: UploadValue) => void;
  /** Folder key on the server (001 §9 default temp). */
  biz?: string;
  /** Keep only the last N files when > 0 (001 §5; default 0 = unlimited). */
  number?: number;
  /** true (default): emit comma-joined paths; false: emit [{fileName, filePath, fileSize}]. */
  returnUrl?: boolean;
  buttonText?: string;
  disabled?: boolean;
  /** Native accept filter of the picker. */
  accept?: string;
}

function showError(item: UploadItem): void {
  feedback.modal.error({ title: MSG.errorTitle, content: item.message || MSG.unknown, okText: '确定' });
}

function ErrorIcon({ item }: { item: UploadItem }): ReactNode {
  return (
    <Tooltip title={MSG.failed}>
      <Button type="text" size="small" danger aria-label={MSG.errorTitle} icon={<ExclamationCircleOutlined aria-hidden />} onClick={() => showError(item)} />
    </Tooltip>
  );
}

/** The more-options dialog of a done file: its details plus download and delete. */
function MoreDialog({
  item,
  onClose,
  onRemove,
  disabled,
}: {
  item: UploadItem | null;
  onClose: () => void;
  onRemove: (uid: string) => void;
  disabled?: boolean;
}): ReactNode {
  return (
    <Modal
      title="更多操作"
      open={!!item}
      width={520}
      onCancel={onClose}
      footer={
        item && (
          <Space>
            <Button icon={<DownloadOutlined aria-hidden />} href={item.url} target="_blank" download={item.name}>
              下载
            </Button>
            {!disabled && (
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => {
                  onRemove(item.uid);
                  onClose();
                }}
              >
                删除
              </Button>
            )}
            <Button onClick={onClose}>{SHARED_MSG.close}</Button>
          </Space>
        )
      }
    >
      {item && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="文件名">{item.name}</Descriptions.Item>
          <Descriptions.Item label="大小">{formatSize(item.size)}</Descriptions.Item>
          <Descriptions.Item label="路径">{item.path}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

function Picker({
  props,
  image,
  upload,
  children,
}: {
  props: UploadProps;
  image: boolean;
  upload: (f: File) => Promise<void>;
  children: ReactNode;
}): ReactNode {
  return (
    <Upload
      multiple={(props.number ?? 0) !== 1}
      accept={props.accept ?? (image ? 'image/*' : undefined)}
      disabled={props.disabled}
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return Upload.LIST_IGNORE;
      }}
    >
      {children}
    </Upload>
  );
}

/** A file list widget: button 点击上传, one row per file. */
export function FileUpload(props: UploadProps): ReactNode {
  const { items, upload, remove } = useUploadList({
    value: props.value,
    onChange: props.onChange,
    image: false,
    biz: props.biz,
    number: props.number ?? 0,
    returnUrl: props.returnUrl ?? true,
  });
  const [more, setMore] = useState<UploadItem | null>(null);
  return (
    <div className="pk-upload">
      <Picker props={props} image={false} upload={upload}>
        <Button icon={<UploadOutlined aria-hidden />} disabled={props.disabled}>
          {props.buttonText ?? BUTTON_TEXT.file}
        </Button>
      </Picker>
      <ul className="pk-upload-list" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {items.map((item) => (
          <li key={item.uid} data-status={item.status} style={{ display: 'flex', alignItems: 'center', gap: 6, lineHeight: '28px' }}>
            {item.status === 'uploading' && <LoadingOutlined aria-label="上传中" />}
            {item.status === 'done' && <PaperClipOutlined aria-hidden />}
            {item.status === 'error' && <ErrorIcon item={item} />}
            {item.status === 'done' ? (
              <a href={item.url} target="_blank" rel="noreferrer">
                {item.name}
              </a>
            ) : (
              <span style={{ color: item.status === 'error' ? '#ff4d4f' : undefined }}>{item.name}</span>
            )}
            {item.status === 'uploading' && <span style={{ color: '#999' }}>{SHARED_MSG.uploading}</span>}
            <span style={{ marginLeft: 'auto' }}>
              {item.status === 'done' && (
                <>
                  <Button
                    type="link"
                    size="small"
                    aria-label="下载"
                    title="下载"
                    icon={<DownloadOutlined aria-hidden />}
                    href={item.url}
                    target="_blank"
                    download={item.name}
                  />
                  <Button type="link" size="small" aria-label="更多" title="更多" icon={<EllipsisOutlined aria-hidden />} onClick={() => setMore(item)} />
                </>
              )}
              {item.status !== 'uploading' && !props.disabled && (
                <Button type="link" size="small" danger aria-label="删除" title="删除" icon={<DeleteOutlined aria-hidden />} onClick={() => remove(item.uid)} />
              )}
            </span>
          </li>
        ))}
      </ul>
      <MoreDialog item={more} onClose={() => setMore(null)} onRemove={remove} disabled={props.disabled} />
    </div>
  );
}

const CARD = {
  width: 104,
  height: 104,
  border: '1px dashed #d9d9d9',
  borderRadius: 8,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  position: 'relative',
} as const;

/** An image card widget: a 上传 card, thumbnails with preview, download, delete, more and move. */
export function ImageUpload(props: UploadProps): ReactNode {
  const { items, upload, remove, replace } = useUploadList({
    value: props.value,
    onChange: props.onChange,
    image: true,
    biz: props.biz,
    number: props.number ?? 0,
    returnUrl: props.returnUrl ?? true,
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [more, setMore] = useState<UploadItem | null>(null);
  const move = (uid: string, step: -1 | 1) => {
    const r = moveItem(items, uid, step);
    if ('warning' in r) void feedback.message.warning(r.warning);
    else replace(r.items);
  };
  return (
    <div className="pk-image-upload" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {items.map((item) => (
        <div key={item.uid} data-status={item.status} style={{ width: 104 }}>
          <div style={{ ...CARD, borderStyle: 'solid', borderColor: item.status === 'error' ? '#ff4d4f' : '#d9d9d9' }}>
            {item.status === 'uploading' && (
              <>
                <LoadingOutlined aria-hidden />
                <span style={{ fontSize: 12 }}>{SHARED_MSG.uploading}</span>
              </>
            )}
            {item.status === 'error' && (
              <>
                <ErrorIcon item={item} />
                <span style={{ fontSize: 12, color: '#ff4d4f', maxWidth: 96, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {item.name}
                </span>
              </>
            )}
            {item.status === 'done' && <img src={item.url} alt={item.name} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />}
          </div>
          <Space size={0} style={{ justifyContent: 'center', width: '100%' }}>
            {item.status === 'done' && (
              <>
                <Button
                  type="text"
                  size="small"
                  aria-label="预览"
                  title="预览"
                  icon={<EyeOutlined aria-hidden />}
                  onClick={() => setPreview(item.url ?? null)}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label="下载"
                  title="下载"
                  icon={<DownloadOutlined aria-hidden />}
                  href={item.url}
                  target="_blank"
                  download={item.name}
                />
                <Button type="text" size="small" aria-label="更多" title="更多" icon={<EllipsisOutlined aria-hidden />} onClick={() => setMore(item)} />
              </>
            )}
            {item.status !== 'uploading' && !props.disabled && (
              <Button type="text" size="small" danger aria-label="删除" title="删除" icon={<DeleteOutlined aria-hidden />} onClick={() => remove(item.uid)} />
            )}
            {items.length > 1 && item.status === 'done' && !props.disabled && (
              <>
                <Button type="text" size="small" aria-label="左移" title="左移" icon={<LeftOutlined aria-hidden />} onClick={() => move(item.uid, -1)} />
                <Button type="text" size="small" aria-label="右移" title="右移" icon={<RightOutlined aria-hidden />} onClick={() => move(item.uid, 1)} />
              </>
            )}
          </Space>
        </div>
      ))}
      {!props.disabled && (
        <Picker props={props} image upload={upload}>
          <div role="button" tabIndex={0} style={{ ...CARD, cursor: 'pointer', background: '#fafafa' }}>
            <PlusOutlined aria-hidden />
            <div style={{ marginTop: 8 }}>{props.buttonText ?? BUTTON_TEXT.image}</div>
          </div>
        </Picker>
      )}
      <Image
        style={{ display: 'none' }}
        src={preview ?? undefined}
        preview={{ open: !!preview, src: preview ?? undefined, onOpenChange: (v) => !v && setPreview(null) }}
      />
      <MoreDialog item={more} onClose={() => setMore(null)} onRemove={remove} disabled={props.disabled} />
    </div>
  );
}
