/**
 * 数据规则 of one menu (contract §4.4): the rule list (getPermRuleListByPermId; with a search, queryPermissionRule),
 * add / edit in a dialog, delete with confirmation. Conditions come from dictionary `rule_conditions` without
 * USE_SQL_RULES. Drawer width 650 (JeecgBoot PermissionDataRuleList).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Drawer, Form, Input, Radio, Select } from 'antd';
import type { TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { listSource, RemoteTable, useDictOptions, useListController, type ListController, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { useDialogForm } from '../../../crud/useDialogForm';
import { RULE_COLUMN_PATTERN, ruleConditionOptions, toRuleBody, type RuleFormValues } from './dataRule';
import { deleteRule, fetchRules, saveRule, type DataRule } from './service';
import { FormDialog } from '../../../crud/FormDialog';
import { MSG } from '../../../messages';

export interface DataRuleDrawerProps {
  menu: { id: string; name: string } | null;
  onClose: () => void;
}

/** The rules of one menu, all at once (getPermRuleListByPermId; with a search, queryPermissionRule). */
const rulesSource = listSource<DataRule>({
  key: ['data-rules'],
  request: async ({ permissionId, ruleName, ruleValue }) => {
    const records = await fetchRules(String(permissionId), { ruleName: ruleName as string | undefined, ruleValue: ruleValue as string | undefined });
    return { records, total: records.length };
  },
  paged: false,
  sortParams: false,
});

const SEARCH = [
  { name: 'ruleName', label: '规则名称', input: <Input placeholder="请输入规则名称" allowClear style={{ width: 150 }} /> },
  { name: 'ruleValue', label: '规则值', input: <Input placeholder="请输入规则值" allowClear style={{ width: 150 }} /> },
];

type Ctx = ListController<DataRule>;

export function DataRuleDrawer({ menu, onClose }: DataRuleDrawerProps): ReactNode {
  const [editing, setEditing] = useState<DataRule | 'new' | null>(null);
  const conditions = useDictOptions('rule_conditions');
  const extraParams = useMemo(() => ({ permissionId: menu?.id ?? '' }), [menu?.id]);
  const list = useListController(rulesSource, { enabled: !!menu, extraParams });
  const { applySearch } = list;

  // another menu starts without the last one's search
  useEffect(() => applySearch({}), [menu?.id, applySearch]);

  const columns = useMemo((): TableColumnType<DataRule>[] => {
    const conditionText = new Map(conditions.options.map((o) => [o.value, o.label]));
    return [
      { title: '规则名称', dataIndex: 'ruleName', align: 'center' },
      { title: '规则字段', dataIndex: 'ruleColumn', align: 'center' },
      { title: '条件规则', dataIndex: 'ruleConditions', align: 'center', render: (v: string) => conditionText.get(v) ?? v },
      { title: '规则值', dataIndex: 'ruleValue', align: 'center' },
      { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => (v === '0' ? '无效' : '有效') },
    ];
  }, [conditions.options]);

  const rowActions: RowAction<DataRule, Ctx>[] = useMemo(
    () => [
      { key: 'edit', label: '编辑', onClick: (r) => setEditing(r) },
      {
        key: 'delete',
        label: '删除',
        confirm: MSG.confirmDeleteOne,
        onClick: async (r, ctx) => {
          if (await sendChange(() => deleteRule(r.id))) ctx.reload();
        },
      },
    ],
    [],
  );
  const toolbar: ToolbarAction<Ctx>[] = useMemo(
    () => [{ key: 'add', label: '添加', primary: true, icon: <PlusOutlined aria-hidden />, onClick: () => setEditing('new') }],
    [],
  );

  return (
    <Drawer title={`数据权限规则${menu ? ` - ${menu.name}` : ''}`} open={!!menu} size={650} onClose={onClose} destroyOnHidden>
      <RemoteTable
        list={list}
        size="small"
        searchName="data-rule-search"
        search={SEARCH}
        columns={columns}
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={120}
      />
      {menu && (
        <RuleModal
          permissionId={menu.id}
          rule={editing}
          conditionOptions={ruleConditionOptions(conditions.options)}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
    </Drawer>
  );
}

function RuleModal({
  permissionId,
  rule,
  conditionOptions,
  onClose,
  onSaved,
}: {
  permissionId: string;
  rule: DataRule | 'new' | null;
  conditionOptions: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const row = rule && rule !== 'new' ? rule : null;
  const { form, modalProps } = useDialogForm<RuleFormValues>({
    open: !!rule,
    record: rule,
    initial: () =>
      row
        ? {
            ruleName: row.ruleName ?? '',
            ruleColumn: row.ruleColumn ?? '',
            ruleConditions: row.ruleConditions ?? undefined,
            ruleValue: row.ruleValue ?? '',
            status: row.status ?? '1',
          }
        : { status: '1' },
    send: (values) => saveRule(toRuleBody(values, permissionId, row?.id)),
    onClose,
    onSaved,
  });

  return (
    <FormDialog
      title={row ? '编辑' : '新增'}
      open={!!rule}
      onClose={onClose}
      form={form}
      name="data-rule-form"
      modalProps={modalProps}
      width={600}
      wrapperSpan={17}
    >
      <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称!' }, { max: 50 }]}>
        <Input placeholder="请输入规则名称" />
      </Form.Item>
      <Form.Item
        name="ruleColumn"
        label="规则字段"
        rules={[
          { required: true, whitespace: true, message: '请输入规则字段!' },
          { pattern: RULE_COLUMN_PATTERN, message: '规则字段必须是实体属性名（驼峰标识符）' },
        ]}
      >
        <Input placeholder="请输入规则字段" />
      </Form.Item>
      <Form.Item name="ruleConditions" label="条件规则" rules={[{ required: true, message: '请选择条件规则!' }]}>
        {/* not virtual: every offered condition is in the page, so a test can prove USE_SQL_RULES is absent */}
        <Select placeholder="请选择条件规则" options={conditionOptions} virtual={false} />
      </Form.Item>
      <Form.Item name="ruleValue" label="规则值" rules={[{ required: true, whitespace: true, message: '请输入规则值!' }, { max: 300 }]}>
        <Input placeholder="请输入规则值" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={[
            { value: '1', label: '有效' },
            { value: '0', label: '无效' },
          ]}
        />
      </Form.Item>
    </FormDialog>
  );
}
