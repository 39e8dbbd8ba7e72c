/**
 * 部门角色 tab (contract §12.3 /sys/sysDepartRole/*): the roles of the selected department, add / edit / delete /
 * batch delete, and 授权 — a drawer with the department's own menus (a role gets no more than its department).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Drawer, Form, Input, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { usePaging } from '../../../crud';
import { confirm, sendChange } from '../../../crud/notify';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { GrantTree } from './GrantTree';
import { deleteDeptRole, deleteDeptRoles, fetchDeptRoles, saveDeptRole, type DepartRole } from './service';
import { FormDialog } from '../../../crud/FormDialog';
import { MSG } from '../../../messages';

export function DepartRoles({ departId }: { departId: string }): ReactNode {
  const queryClient = useQueryClient();
  const [roleName, setRoleName] = useState('');
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<DepartRole | 'new' | null>(null);
  const [granting, setGranting] = useState<DepartRole | null>(null);

  const list = useQuery({
    queryKey: ['dept-roles', departId, roleName, paging.params],
    queryFn: () => fetchDeptRoles(departId, { roleName, ...paging.params }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['dept-roles'] });
    void queryClient.invalidateQueries({ queryKey: ['dept-roles-all', departId] });
  };

  /** Sends a delete of roles `ids`; when it succeeded they leave the selection and the list reloads. */
  async function remove(ids: string[], send: () => ReturnType<typeof deleteDeptRole>): Promise<void> {
    if (!(await sendChange(send))) return;
    setSelected((s) => s.filter((k) => !ids.includes(k)));
    reload();
  }

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="请输入部门角色名称"
          aria-label="部门角色名称"
          allowClear
          onSearch={(v) => {
            setRoleName(v.trim());
            paging.setPageNo(1);
          }}
          style={{ width: 240 }}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          新建部门角色
        </Button>
        {selected.length > 0 && (
          <Button
            danger
            onClick={() => confirm({ title: MSG.confirmDeleteTitle, content: MSG.confirmDeleteSelected, onOk: () => remove([...selected], () => deleteDeptRoles(selected)) })}
          >
            批量删除
          </Button>
        )}
      </Space>
      <Table<DepartRole>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }}
        columns={[
          { title: '部门角色名称', dataIndex: 'roleName', align: 'center' },
          { title: '部门角色编码', dataIndex: 'roleCode', align: 'center' },
          { title: '描述', dataIndex: 'description', align: 'center' },
          { title: '创建时间', dataIndex: 'createTime', align: 'center' },
          {
            title: '操作',
            key: 'action',
            align: 'center',
            width: 180,
            render: (_v, row) => (
              <Space size={0} separator={<Divider orientation="vertical" />}>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setGranting(row)}>
                  授权
                </Button>
                <Popconfirm title={MSG.confirmDeleteOne} okText="确定" cancelText="取消" onConfirm={() => remove([row.id], () => deleteDeptRole(row.id))}>
                  <Button type="link" size="small">
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
        pagination={paging.pagination(list.data?.total)}
      />
      <RoleModal departId={departId} role={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <Drawer title={`部门角色权限配置${granting ? ` - ${granting.roleName}` : ''}`} size={650} open={!!granting} onClose={() => setGranting(null)} destroyOnHidden>
        {granting && <GrantTree kind="deptRole" departId={departId} targetId={granting.id} canSave onSaved={() => setGranting(null)} />}
      </Drawer>
    </div>
  );
}

function RoleModal({ departId, role, onClose, onSaved }: { departId: string; role: DepartRole | 'new' | null; onClose: () => void; onSaved: () => void }): ReactNode {
  const [form] = Form.useForm<{ roleName: string; roleCode: string; description?: string }>();
  const row = role && role !== 'new' ? role : null;
  useEffect(() => {
    if (!role) return;
    form.resetFields();
    if (row) form.setFieldsValue({ roleName: row.roleName, roleCode: row.roleCode, description: row.description ?? '' });
  }, [role, row, form]);

  const { modalProps } = useFormSubmit({
    validate: () => form.validateFields(),
    send: (v) => {
      const body: Record<string, unknown> = { departId, roleName: v.roleName.trim(), roleCode: v.roleCode.trim(), description: v.description?.trim() ?? '' };
      if (row) body.id = row.id;
      return saveDeptRole(body);
    },
    onSuccess: () => {
      onClose();
      onSaved();
    },
  });

  return (
    <FormDialog title={row ? '编辑' : '新增'} open={!!role} onClose={onClose} form={form} name="dept-role-form" modalProps={modalProps} width={600} labelSpan={6}>
      <Form.Item name="roleName" label="部门角色名称" rules={[{ required: true, whitespace: true, message: '请输入部门角色名称!' }, { max: 200 }]}>
        <Input placeholder="请输入部门角色名称" />
      </Form.Item>
      <Form.Item name="roleCode" label="部门角色编码" rules={[{ required: true, whitespace: true, message: '请输入部门角色编码!' }, { max: 100 }]}>
        <Input placeholder="请输入部门角色编码" />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 255 }]}>
        <Input.TextArea placeholder="请输入描述" rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
