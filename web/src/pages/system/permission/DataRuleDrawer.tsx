/**
 * 数据规则 of one menu (contract §4.4): the rule list (getPermRuleListByPermId; with a search, queryPermissionRule),
 * add / edit in a dialog, delete with confirmation. Conditions come from dictionary `rule_conditions` without
 * USE_SQL_RULES. Drawer width 650 (JeecgBoot PermissionDataRuleList).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Drawer, Form, Input, Popconfirm, Radio, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SearchButtons, useDictOptions } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { RULE_COLUMN_PATTERN, ruleConditionOptions, toRuleBody, type RuleFormValues } from './dataRule';
import { deleteRule, fetchRules, saveRule, type DataRule } from './service';
import { FormDialog } from '../../../crud/FormDialog';
import { MSG } from '../../../messages';

export interface DataRuleDrawerProps {
  menu: { id: string; name: string } | null;
  onClose: () => void;
}

export function DataRuleDrawer({ menu, onClose }: DataRuleDrawerProps): ReactNode {
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<{ ruleName?: string; ruleValue?: string }>();
  const [filters, setFilters] = useState<{ ruleName?: string; ruleValue?: string }>({});
  const [editing, setEditing] = useState<DataRule | 'new' | null>(null);
  const conditions = useDictOptions('rule_conditions');
  const conditionText = new Map(conditions.options.map((o) => [o.value, o.label]));

  useEffect(() => {
    setFilters({});
    searchForm.resetFields();
  }, [menu?.id, searchForm]);

  const key = ['data-rules', menu?.id, filters];
  const rules = useQuery({ queryKey: key, queryFn: () => fetchRules(menu!.id, filters), enabled: !!menu, retry: false });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['data-rules', menu?.id] });

  async function remove(id: string): Promise<void> {
    if (await sendChange(() => deleteRule(id))) reload();
  }

  return (
    <Drawer title={`数据权限规则${menu ? ` - ${menu.name}` : ''}`} open={!!menu} size={650} onClose={onClose} destroyOnHidden>
      <Form
        form={searchForm}
        name="data-rule-search"
        layout="inline"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(v) => setFilters({ ruleName: v.ruleName?.trim() || undefined, ruleValue: v.ruleValue?.trim() || undefined })}
      >
        <Form.Item name="ruleName" label="规则名称">
          <Input placeholder="请输入规则名称" allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="ruleValue" label="规则值">
          <Input placeholder="请输入规则值" allowClear style={{ width: 150 }} />
        </Form.Item>
        <SearchButtons
          onReset={() => {
            searchForm.resetFields();
            setFilters({});
          }}
        />
      </Form>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        添加
      </Button>
      <Table<DataRule>
        rowKey="id"
        size="small"
        bordered
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        pagination={false}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName', align: 'center' },
          { title: '规则字段', dataIndex: 'ruleColumn', align: 'center' },
          { title: '条件规则', dataIndex: 'ruleConditions', align: 'center', render: (v: string) => conditionText.get(v) ?? v },
          { title: '规则值', dataIndex: 'ruleValue', align: 'center' },
          { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => (v === '0' ? '无效' : '有效') },
          {
            title: '操作',
            key: 'action',
            align: 'center',
            width: 120,
            render: (_v, row) => (
              <Space size={0} separator={<Divider orientation="vertical" />}>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Popconfirm title={MSG.confirmDeleteOne} okText="确定" cancelText="取消" onConfirm={() => remove(row.id)}>
                  <Button type="link" size="small">
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {menu && (
        <RuleModal
          permissionId={menu.id}
          rule={editing}
          conditionOptions={ruleConditionOptions(conditions.options)}
          onClose={() => setEditing(null)}
          onSaved={reload}
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
  const [form] = Form.useForm<RuleFormValues>();
  const row = rule && rule !== 'new' ? rule : null;

  useEffect(() => {
    if (!rule) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { ruleName: row.ruleName ?? '', ruleColumn: row.ruleColumn ?? '', ruleConditions: row.ruleConditions ?? undefined, ruleValue: row.ruleValue ?? '', status: row.status ?? '1' }
        : { status: '1' },
    );
  }, [rule, row, form]);

  const { modalProps } = useFormSubmit({
    validate: () => form.validateFields(),
    send: (values) => saveRule(toRuleBody(values, permissionId, row?.id)),
    onSuccess: () => {
      onClose();
      onSaved();
    },
  });

  return (
    <FormDialog title={row ? '编辑' : '新增'} open={!!rule} onClose={onClose} form={form} name="data-rule-form" modalProps={modalProps} width={600} wrapperSpan={17}>
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
