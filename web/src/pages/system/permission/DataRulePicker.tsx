/**
 * 数据规则/按钮权限配置 (contract §4.3 `…/datarule`): the data rules a grant may apply on one menu, checked with the
 * grant's choice (`drChecked`); `点击确定` saves them. The caller passes the endpoints — a role
 * (`/sys/role/datarule`), a department (`/sys/sysDepartPermission/datarule`) or a department role
 * (`/sys/sysDepartRole/datarule`) — so every authorisation screen shares this one drawer.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Drawer, Empty, Spin } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { Result } from '@pk/contract';
import { sendChange } from '../../../crud/notify';

/** A rule as the datarule endpoints send it. */
export interface OfferedRule {
  id: string;
  ruleName: string | null;
  ruleColumn?: string | null;
  ruleConditions?: string | null;
  ruleValue?: string | null;
}

export interface DataRuleChoice {
  datarule: OfferedRule[];
  drChecked?: string;
}

/** The endpoints of one grant: load the offer and the choice of menu `permissionId`, save a choice. */
export interface DataRuleEndpoints {
  load(permissionId: string): Promise<Result<DataRuleChoice>>;
  save(permissionId: string, dataRuleIds: string[]): Promise<Result<unknown>>;
}

export interface DataRulePickerProps {
  /** The menu whose rules are chosen; null = closed. */
  menu: { key: string; title: string } | null;
  endpoints: DataRuleEndpoints;
  onClose: () => void;
}

export function DataRulePicker({ menu, endpoints, onClose }: DataRulePickerProps): ReactNode {
  const [rules, setRules] = useState<OfferedRule[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!menu) return;
    let live = true;
    setLoading(true);
    setRules([]);
    setPicked([]);
    setMessage('');
    endpoints
      .load(menu.key)
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          setMessage(res.message || '未找到权限配置信息');
          return;
        }
        setRules(res.result?.datarule ?? []);
        setPicked((res.result?.drChecked ?? '').split(',').filter(Boolean));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [menu, endpoints]);

  async function save(): Promise<void> {
    if (!menu) return;
    if (await sendChange(() => endpoints.save(menu.key, picked))) onClose();
  }

  return (
    <Drawer
      title={`数据规则/按钮权限配置${menu ? `（${menu.title}）` : ''}`}
      open={!!menu}
      size={400}
      onClose={onClose}
      destroyOnHidden
      data-testid="data-rule-picker"
    >
      <Spin spinning={loading}>
        {rules.length ? (
          <>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              value={picked}
              onChange={(v) => setPicked(v.map(String))}
              options={rules.map((r) => ({ label: r.ruleName ?? r.id, value: r.id }))}
            />
            <Button type="primary" style={{ marginTop: 16 }} onClick={() => void save()}>
              点击确定
            </Button>
          </>
        ) : (
          <Empty description={message || '暂无数据'} />
        )}
      </Spin>
    </Drawer>
  );
}

/** A tree node's title; a menu with data rules gets a filter button that opens the picker on it. */
export function DataRuleTitle({ title, hasDataRule, onPick }: { title: string; hasDataRule: boolean; onPick: () => void }): ReactNode {
  if (!hasDataRule) return title;
  return (
    <span>
      {title}
      <Button
        type="link"
        size="small"
        aria-label={`${title}数据规则`}
        icon={<FilterOutlined aria-hidden />}
        onClick={(e) => {
          e.stopPropagation();
          onPick();
        }}
      />
    </span>
  );
}
