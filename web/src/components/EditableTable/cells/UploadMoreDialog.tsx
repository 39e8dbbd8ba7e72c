import { DeleteOutlined, DownloadOutlined, ExclamationCircleOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { formatSize, type UploadItem } from '../../upload/uploadRules';
import type { ColumnDef } from '../types';
import { MSG } from '../../../messages';

/**
 * The upload cell's more-options dialog (001 §4): every file of the cell with its size, download and delete, and an
 * upload button for more (the cell's count limit keeps the last N).
 */
export function UploadMoreDialog({
  open,
  onClose,
  items,
  image,
  col,
  limit,
  onRemove,
  onUpload,
  nameOf,
}: {
  open: boolean;
  onClose: () => void;
  items: readonly UploadItem[];
  image: boolean;
  col: ColumnDef;
  limit: number;
  onRemove: (uid: string) => void;
  onUpload: () => void;
  nameOf: (item: UploadItem) => string;
}) {
  return (
    <Modal
      title="更多操作"
      open={open}
      width={520}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {!col.disabled && (
            <Button icon={<UploadOutlined />} onClick={onUpload}>
              {image ? '上传' : '点击上传'}
            </Button>
          )}
          <Button onClick={onClose}>{MSG.close}</Button>
        </Space>
      }
    >
      {limit > 0 && <div style={{ color: '#999', marginBottom: 8 }}>最多保留 {limit} 个文件</div>}
      <ul className="pk-et-upload-more" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => {
          const name = nameOf(item);
          return (
            <li key={item.uid} data-status={item.status} style={{ display: 'flex', alignItems: 'center', gap: 8, lineHeight: '32px' }}>
              {item.status === 'uploading' && <LoadingOutlined aria-label="上传中" />}
              {item.status === 'error' && <ExclamationCircleOutlined style={{ color: '#ff4d4f' }} title={item.message} />}
              {image && item.status === 'done' && <img src={item.url} alt={name} style={{ width: 32, height: 32, objectFit: 'cover' }} />}
              <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={name}>
                {name}
              </span>
              <span style={{ color: '#999' }}>{formatSize(item.size)}</span>
              {item.status === 'done' && col.allowDownload !== false && (
                <Button type="link" size="small" aria-label="下载" icon={<DownloadOutlined />} href={item.url} target="_blank" download={name} />
              )}
              {item.status !== 'uploading' && col.allowRemove !== false && !col.disabled && (
                <Button type="link" size="small" danger aria-label="删除" icon={<DeleteOutlined />} onClick={() => onRemove(item.uid)} />
              )}
            </li>
          );
        })}
      </ul>
      {!items.length && <div style={{ color: '#999' }}>暂无文件</div>}
    </Modal>
  );
}
