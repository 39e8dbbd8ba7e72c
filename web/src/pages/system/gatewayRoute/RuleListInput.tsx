/**
 * An editable list of gateway rules (路由断言 or 过滤器): one row per rule with its name and its args as tags,
 * 添加 and 删除. Used as a Form.Item control (value / onChange of RuleDraft[]).
 */
import type { ReactNode } from 'react';
import { AutoComplete, Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RuleDraft } from './rules';

interface RuleListInputProps {
  /** Chinese name of the list, e.g. 路由断言. */
  label: string;
  names: string[];
  value?: RuleDraft[];
  onChange?: (value: RuleDraft[]) => void;
}

export function RuleListInput({ label, names, value = [], onChange }: RuleListInputProps): ReactNode {
  const set = (i: number, patch: Partial<RuleDraft>) => onChange?.(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((d, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <AutoComplete
            aria-label={`${label}${i + 1}名称`}
            placeholder="名称"
            value={d.name}
            options={names.map((n) => ({ value: n }))}
            onChange={(name: string) => set(i, { name })}
            style={{ width: '35%' }}
          />
          <Select
            aria-label={`${label}${i + 1}参数`}
            mode="tags"
            placeholder="参数（回车添加）"
            value={d.tags}
            open={false}
            onChange={(tags: string[]) => set(i, { tags })}
            style={{ width: '55%' }}
          />
          <Button aria-label={`删除${label}${i + 1}`} icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.(value.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => onChange?.([...value, { name: '', tags: [] }])}>
        添加{label}
      </Button>
    </Space>
  );
}
