/**
 * 头像: one image through `POST /sys/common/upload` (contract §7.1, biz `temp` like JImageUpload); the value is the
 * stored path (`message`), shown through the static file URL (000 §7). Non-images are refused with 请上传图片.
 */
import { useState, type ReactNode } from 'react';
import { Upload } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { fileUrl } from '../../../components/avatar';
import { showResult, showWarning } from '../../../crud/notify';
import { uploadFile } from './api';
import { MSG } from '../../../messages';

export interface AvatarUploadProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

export function AvatarUpload({ value, onChange, id }: AvatarUploadProps): ReactNode {
  const [busy, setBusy] = useState(false);

  async function send(file: File): Promise<void> {
    if (!file.type.includes('image')) {
      showWarning(MSG.notImage);
      return;
    }
    setBusy(true);
    try {
      const res = await uploadFile(file, 'temp');
      if (res.success && res.message) onChange?.(res.message);
      else showResult(res, '上传失败！');
    } catch {
      // reported by the request client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Upload
      id={id}
      accept="image/*"
      listType="picture-card"
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return Upload.LIST_IGNORE;
      }}
    >
      {value ? (
        <img src={fileUrl(value)} alt="头像" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {busy ? <LoadingOutlined aria-hidden /> : <PlusOutlined aria-hidden />}
          <div style={{ marginTop: 8 }}>上传</div>
        </div>
      )}
    </Upload>
  );
}
