/**
 * 新增 / 编辑 a gateway route (contract §12.7): 路由ID, 路由名称, 路由URI, the predicates and filters as editable
 * lists, and 状态 as a switch; saved with POST /sys/gatewayRoute/updateAll `{router}` (rule lists as JSON strings).
 */
import type { ReactNode } from 'react';
import { Form, Input, Switch } from 'antd';
import { gatewayRouteEntity, type GatewayRule } from '@pk/contract';
import { http } from '../../../api/request';
import { fieldRules, type EntityRow, type FormModalProps } from '../../../crud';
import { useDialogForm } from '../../../crud/useDialogForm';
import { FormDialog } from '../../../crud/FormDialog';
import { FILTER_NAMES, fromDrafts, PREDICATE_NAMES, toDrafts, type RuleDraft } from './rules';
import { RuleListInput } from './RuleListInput';

export const UPDATE_ALL_URL = '/sys/gatewayRoute/updateAll';

const field = (prop: string) => gatewayRouteEntity.fields.find((f) => f.prop === prop)!;

interface RouteForm {
  routerId: string;
  name: string;
  uri: string;
  predicates: RuleDraft[];
  filters: RuleDraft[];
  enabled: boolean;
}

/** The `router` of updateAll for a row (the list's parsed arrays) with changes applied. */
export function routerBody(row: EntityRow, change: Partial<{ status: number }> = {}): Record<string, unknown> {
  return {
    id: row.id,
    routerId: row.routerId,
    name: row.name,
    uri: row.uri,
    predicates: JSON.stringify(row.predicates ?? []),
    filters: JSON.stringify(row.filters ?? []),
    status: Number(row.status ?? 1),
    ...change,
  };
}

export function GatewayRouteModal({ open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const editing = !!record?.id;
  const { form, modalProps } = useDialogForm<RouteForm>({
    open,
    record,
    initial: () => ({
      routerId: String(record?.routerId ?? ''),
      name: String(record?.name ?? ''),
      uri: String(record?.uri ?? ''),
      predicates: toDrafts(record?.predicates as GatewayRule[] | undefined),
      filters: toDrafts(record?.filters as GatewayRule[] | undefined),
      enabled: record ? Number(record.status) === 1 : true,
    }),
    send: (v) =>
      http.post<unknown>(UPDATE_ALL_URL, {
        router: {
          ...(editing ? { id: record?.id } : {}),
          routerId: v.routerId.trim(),
          name: v.name.trim(),
          uri: v.uri.trim(),
          predicates: JSON.stringify(fromDrafts(v.predicates)),
          filters: JSON.stringify(fromDrafts(v.filters)),
          status: v.enabled ? 1 : 0,
        },
      }),
    onClose,
    onSaved,
  });

  return (
    <FormDialog title={editing ? '编辑' : '新增'} open={open} onClose={onClose} form={form} name="gatewayRoute-form" modalProps={modalProps} width={900}>
      {(['routerId', 'name', 'uri'] as const).map((prop) => (
        <Form.Item key={prop} name={prop} label={field(prop).label} rules={fieldRules(field(prop))}>
          <Input placeholder={`请输入${field(prop).label}`} maxLength={field(prop).maxLength} />
        </Form.Item>
      ))}
      <Form.Item name="predicates" label="路由断言">
        <RuleListInput label="路由断言" names={PREDICATE_NAMES} />
      </Form.Item>
      <Form.Item name="filters" label="过滤器">
        <RuleListInput label="过滤器" names={FILTER_NAMES} />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked">
        <Switch checkedChildren="有效" unCheckedChildren="无效" />
      </Form.Item>
    </FormDialog>
  );
}
