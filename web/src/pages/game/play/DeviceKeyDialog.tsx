/**
 * The key of a device, shown ONCE (设备管理, issue 13 point 5): after 新增 and after 更换密钥 the server answers the
 * secret this one time; the dialog shows it with a copy button and says it cannot be shown again.
 */
import type { ReactNode } from 'react';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import type { GameDeviceIssued } from '@pk/contract';

export const KEY_DIALOG_TEXT = {
  title: '设备密钥',
  once: '密钥只显示这一次，关闭后无法再次查看，请立即复制并配置到设备中。',
  keyId: '密钥ID',
  secret: '密钥',
  done: '我已保存',
} as const;

export function DeviceKeyDialog({ issued, onClose }: { issued: GameDeviceIssued | null; onClose: () => void }): ReactNode {
  return (
    <Modal
      title={KEY_DIALOG_TEXT.title}
      open={!!issued}
      onCancel={onClose}
      onOk={onClose}
      okText={KEY_DIALOG_TEXT.done}
      okButtonProps={{ autoInsertSpace: false }}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
      width={640}
    >
      <Alert type="warning" showIcon message={KEY_DIALOG_TEXT.once} style={{ marginBottom: 16 }} />
      {issued && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={KEY_DIALOG_TEXT.keyId}>
            <Typography.Text copyable code data-testid="device-key-id">
              {issued.keyId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={KEY_DIALOG_TEXT.secret}>
            <Typography.Text copyable code data-testid="device-secret">
              {issued.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
