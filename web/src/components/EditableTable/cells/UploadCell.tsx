import { CloseCircleOutlined, DownloadOutlined, ExclamationCircleOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { http } from '../../../api/request';
import { apiBase } from '../../../config';
import { feedback } from '../../feedback';
import { MSG, UPLOAD_DEFAULT_BIZ } from '../constants';
import { shortFileName } from '../layout';
import type { ColumnDef } from '../types';

type UploadState = { status: 'empty' } | { status: 'uploading'; name: string } | { status: 'error'; name: string; message: string };

/** Where a stored path is served (contract §7.2 static route). */
export function fileUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${window._CONFIG?.domianURL || apiBase()}/sys/common/static/${path}`;
}

/**
 * Upload and image cells (001 §4 upload cell: empty, uploading, done, error). The file goes to
 * `POST /sys/common/upload` (file, isup=1, biz); the stored path comes back in `message` (or the column's
 * responseName) and becomes the cell value. Done: download, delete. Error: an icon whose click shows 'upload error'.
 */
export function UploadCell({ col, value, onChange, image }: { col: ColumnDef; value: unknown; onChange: (v: unknown) => void; image?: boolean }) {
  const [state, setState] = useState<UploadState>({ status: 'empty' });
  const input = useRef<HTMLInputElement>(null);
  const path = typeof value === 'string' ? value : '';

  const pick = async (file: File) => {
    if (image && !file.type.includes('image')) {
      feedback.message.warning('请上传图片');
      return;
    }
    setState({ status: 'uploading', name: file.name });
    const form = new FormData();
    form.append('file', file);
    form.append('isup', '1');
    form.append('biz', (col.props?.biz as string | undefined) ?? UPLOAD_DEFAULT_BIZ);
    try {
      const r = await http.upload<unknown>(col.action ?? '/sys/common/upload', form, { timeout: 60_000, silent: true });
      const stored = col.responseName ? String((r as unknown as Record<string, unknown>)[col.responseName] ?? '') : r.message;
      if (r.success && stored) {
        setState({ status: 'empty' });
        onChange(stored);
      } else setState({ status: 'error', name: file.name, message: r.message || MSG.unknownError });
    } catch (err) {
      setState({ status: 'error', name: file.name, message: err instanceof Error && err.message ? err.message : MSG.unknownError });
    }
  };

  const chooser = (
    <input
      ref={input} type="file" hidden accept={image ? 'image/*' : undefined}
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) void pick(f);
      }}
    />
  );

  if (state.status === 'uploading') return <span className="pk-et-upload"><LoadingOutlined /> {shortFileName(state.name)}</span>;
  if (state.status === 'error') {
    return (
      <span className="pk-et-upload">
        <Tooltip title={MSG.uploadFailed}>
          <ExclamationCircleOutlined style={{ color: '#ff4d4f', cursor: 'pointer' }} aria-label="上传出错"
            onClick={() => feedback.modal.error({ title: MSG.uploadError, content: state.message })} />
        </Tooltip>{' '}
        {shortFileName(state.name)}
        <CloseCircleOutlined style={{ marginLeft: 4 }} onClick={() => setState({ status: 'empty' })} />
      </span>
    );
  }
  if (path) {
    const name = path.split('/').pop() ?? path;
    return (
      <span className="pk-et-upload">
        {image ? <img src={fileUrl(path)} alt={name} style={{ width: 40, height: 40, objectFit: 'cover', verticalAlign: 'middle' }} />
          : <Tooltip title={name}><span>{shortFileName(name)}</span></Tooltip>}
        {col.allowDownload !== false && <a href={fileUrl(path)} target="_blank" rel="noreferrer" aria-label="下载"><DownloadOutlined style={{ marginLeft: 4 }} /></a>}
        {col.allowRemove !== false && <CloseCircleOutlined aria-label="删除" style={{ marginLeft: 4, cursor: 'pointer' }} onClick={() => onChange('')} />}
      </span>
    );
  }
  return (
    <>
      {chooser}
      <Button size="small" icon={<UploadOutlined />} disabled={col.disabled} onClick={() => input.current?.click()}>
        {col.btnText ?? (image ? '上传' : '点击上传')}
      </Button>
    </>
  );
}
