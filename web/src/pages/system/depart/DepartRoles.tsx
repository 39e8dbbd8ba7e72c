/**
 * 部门角色 tab (contract §12.3 /sys/sysDepartRole/*): the roles of the selected department, add / edit / delete /
 * batch delete, and 授权 — a drawer with the department's own menus (a role gets no more than its department).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer, Form, Input } from 'antd';
import type { TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { listSource, RemoteTable, useListController, type ListController, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { useDialogForm } from '../../../crud/useDialogForm';
import { GrantTree } from './GrantTree';
import { deleteDeptRole, deleteDeptRoles, saveDeptRole, type DepartRole } from './service';
import { FormDialog } from '../../../crud/FormDialog';
import { MSG } from '../../../messages';

/** GET /sys/sysDepartRole/list?deptId — the roles of one department. */
const deptRolesSource = listSource<DepartRole>({ key: ['dept-roles'], url: '/sys/sysDepartRole/list' });

const COLUMNS: TableColumnType<DepartRole>[] = [
  { title: '部门角色名称', dataIndex: 'roleName', align: 'center' },
  { title: '部门角色编码', dataIndex: 'roleCode', align: 'center' },
  { title: '描述', dataIndex: 'description', align: 'center' },
  { title: '创建时间', dataIndex: 'createTime', align: 'center' },
];

type Ctx = ListController<DepartRole>;

export function DepartRoles({ departId }: { departId: string }): ReactNode {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DepartRole | 'new' | null>(null);
  const [granting, setGranting] = useState<DepartRole | null>(null);
  const extraParams = useMemo(() => ({ deptId: departId }), [departId]);
  const list = useListController(deptRolesSource, { extraParams });
  const reload = () => {
    list.reload();
    void queryClient.invalidateQueries({ queryKey: ['dept-roles-all', departId] });
  };

  const { rowActions, toolbar } = useMemo(() => {
    /** Deletes roles `ids`; when that succeeded they leave the selection and the lists reload. */
    const remove = async (ids: string[], ctx: Ctx) => {
      if (!(await sendChange(() => (ids.length === 1 ? deleteDeptRole(ids[0]) : deleteDeptRoles(ids))))) return;
      ctx.afterRemove(ids);
      void queryClient.invalidateQueries({ queryKey: ['dept-roles-all', departId] });
    };
    const row: RowAction<DepartRole, Ctx>[] = [
      { key: 'edit', label: '编辑', onClick: (r) => setEditing(r) },
      { key: 'grant', label: '授权', onClick: (r) => setGranting(r) },
      { key: 'delete', label: '删除', confirm: MSG.confirmDeleteOne, onClick: (r, ctx) => remove([r.id], ctx) },
    ];
    const bar: ToolbarAction<Ctx>[] = [
      { key: 'add', label: '新建部门角色', primary: true, icon: <PlusOutlined aria-hidden />, onClick: () => setEditing('new') },
      {
        key: 'deleteBatch',
        label: '批量删除',
        danger: true,
        selection: true,
        confirm: { title: MSG.confirmDeleteTitle, content: MSG.confirmDeleteSelected },
        onClick: remove,
      },
    ];
    return { rowActions: row, toolbar: bar };
  }, [departId, queryClient]);

  return (
    <div>
      <RemoteTable
        list={list}
        size="small"
        searchName="dept-roles-search"
        search={[{ name: 'roleName', label: '部门角色名称' }]}
        columns={COLUMNS}
        selectable
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={180}
      />
      <RoleModal departId={departId} role={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <Drawer
        title={`部门角色权限配置${granting ? ` - ${granting.roleName}` : ''}`}
        size={650}
        open={!!granting}
        onClose={() => setGranting(null)}
        destroyOnHidden
      >
        {granting && <GrantTree kind="deptRole" departId={departId} targetId={granting.id} canSave onSaved={() => setGranting(null)} />}
      </Drawer>
    </div>
  );
}

function RoleModal({
  departId,
  role,
  onClose,
  onSaved,
}: {
  departId: string;
  role: DepartRole | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const row = role && role !== 'new' ? role : null;
  const { form, modalProps } = useDialogForm<{ roleName: string; roleCode: string; description?: string }>({
    open: !!role,
    record: role,
    initial: () => (row ? { roleName: row.roleName, roleCode: row.roleCode, description: row.description ?? '' } : {}),
    send: (v) => {
      const body: Record<string, unknown> = { departId, roleName: v.roleName.trim(), roleCode: v.roleCode.trim(), description: v.description?.trim() ?? '' };
      if (row) body.id = row.id;
      return saveDeptRole(body);
    },
    onClose,
    onSaved,
  });

  return (
    <FormDialog
      title={row ? '编辑' : '新增'}
      open={!!role}
      onClose={onClose}
      form={form}
      name="dept-role-form"
      modalProps={modalProps}
      width={600}
      labelSpan={6}
    >
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
