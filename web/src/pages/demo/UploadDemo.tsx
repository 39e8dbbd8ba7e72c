/** 组件示例 › 文件上传 (menu component `demo/UploadDemo`): the file and image widgets of 001 §2/§4/§8. */
import { useState, type ReactNode } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { FileUpload, ImageUpload, type UploadValue } from '../../components/upload';

function Value({ v }: { v: UploadValue | undefined }): ReactNode {
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 8, wordBreak: 'break-all' }}>
      值：<code data-testid="upload-value">{v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)}</code>
    </Typography.Paragraph>
  );
}

export default function UploadDemo(): ReactNode {
  const [files, setFiles] = useState<UploadValue>();
  const [records, setRecords] = useState<UploadValue>();
  const [images, setImages] = useState<UploadValue>();
  const [avatar, setAvatar] = useState<UploadValue>();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="文件上传（返回路径）" data-testid="demo-file">
          <FileUpload value={files} onChange={setFiles} />
          <Value v={files} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="文件上传（返回文件记录）" data-testid="demo-records">
          <FileUpload returnUrl={false} value={records} onChange={setRecords} />
          <Value v={records} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="图片上传（最多保留 3 张）" data-testid="demo-images">
          <ImageUpload number={3} value={images} onChange={setImages} />
          <Value v={images} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="头像（只保留最后 1 张）" data-testid="demo-avatar">
          <ImageUpload number={1} biz="avatar" value={avatar} onChange={setAvatar} />
          <Value v={avatar} />
        </Card>
      </Col>
    </Row>
  );
}
