/**
 * 组件示例 › Excel导入 (menu component `demo/ImportDemo`): the import dialog of 001 §2/§4/§8 posting to the
 * position import (contract §7.5), with the positions below so the imported rows can be seen.
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { positionEntity } from '@pk/contract';
import { ImportModal } from '../../components/ImportModal';
import { ListPage, listQueryKey } from '../../crud';

export default function ImportDemo(): ReactNode {
  const [open, setOpen] = useState(false);
  const [imports, setImports] = useState(0);
  const queryClient = useQueryClient();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title="Excel 导入">
        <Space>
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
            导入职务
          </Button>
          <Typography.Text type="secondary">
            表头：职务编码、职务名称、职级（前两行为标题）；只接受 .xls / .xlsx，可多选。已完成导入 <span data-testid="import-count">{imports}</span> 次。
          </Typography.Text>
        </Space>
      </Card>
      <Card title="职务列表">
        <ListPage entity={positionEntity} />
      </Card>
      <ImportModal
        open={open}
        url={`${positionEntity.api}/importExcel`}
        onClose={() => setOpen(false)}
        onOk={() => {
          setImports((n) => n + 1);
          void queryClient.invalidateQueries({ queryKey: listQueryKey(positionEntity) });
        }}
      />
    </Space>
  );
}
