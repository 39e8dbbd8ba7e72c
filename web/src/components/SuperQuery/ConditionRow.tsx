/** One condition of the query builder: field, rule and a value input chosen by the field's type and dictionary. */
import type { ReactNode } from 'react';
import { Button, DatePicker, Input, InputNumber, Select, Space } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { FieldDef } from '@pk/contract';
import { useDictOptions } from '../../crud/useDictOptions';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../crud/query';
import { RULES, withField, withRule, type Condition } from './superQueryRules';

function DictValue({ code, multiple, value, onChange }: { code: string; multiple: boolean; value?: string; onChange: (v: string) => void }): ReactNode {
  const { options, loading } = useDictOptions(code);
  const list = value ? value.split(',') : [];
  return (
    <Select
      aria-label="值"
      placeholder="请选择值"
      style={{ width: '100%' }}
      loading={loading}
      options={options}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? list : value || undefined}
      onChange={(v: string | string[] | undefined) => onChange(Array.isArray(v) ? v.join(',') : (v ?? ''))}
    />
  );
}

/** The value control for a field (001 §3: value by field type and dictionary). */
export function ValueInput({ field, rule, value, onChange }: { field?: FieldDef; rule?: string; value?: string; onChange: (v: string) => void }): ReactNode {
  if (field?.dict) return <DictValue code={field.dict} multiple={rule === 'in'} value={value} onChange={onChange} />;
  if (field?.type === 'date' || field?.type === 'datetime') {
    const fmt = field.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
    const d = value ? dayjs(value, fmt) : null;
    return (
      <DatePicker
        aria-label="值"
        style={{ width: '100%' }}
        showTime={field.type === 'datetime'}
        format={fmt}
        placeholder="请选择值"
        value={d && d.isValid() ? d : null}
        onChange={(v) => onChange(v ? v.format(fmt) : '')}
      />
    );
  }
  if (field?.type === 'number') {
    return (
      <InputNumber
        aria-label="值"
        style={{ width: '100%' }}
        placeholder="请输入值"
        value={value === undefined || value === '' ? null : Number(value)}
        onChange={(v) => onChange(v === null || v === undefined ? '' : String(v))}
      />
    );
  }
  return (
    <Input
      aria-label="值"
      placeholder={rule === 'in' ? '请输入值，多个用逗号分隔' : '请输入值'}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export interface ConditionRowProps {
  index: number;
  condition: Condition;
  fields: FieldDef[];
  onChange: (c: Condition) => void;
  onAdd: () => void;
  onRemove: () => void;
}

export function ConditionRow({ index, condition, fields, onChange, onAdd, onRemove }: ConditionRowProps): ReactNode {
  const field = fields.find((f) => f.prop === condition.field);
  return (
    <div className="pk-sq-row" data-index={index} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
      <Select
        aria-label="查询字段"
        placeholder="选择查询字段"
        style={{ width: 200 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={condition.field}
        options={fields.map((f) => ({ value: f.prop, label: f.label }))}
        onChange={(prop: string) =>
          onChange(
            withField(
              condition,
              fields.find((f) => f.prop === prop),
            ),
          )
        }
      />
      <Select
        aria-label="匹配规则"
        placeholder="匹配规则"
        style={{ width: 130 }}
        value={condition.rule}
        options={RULES.map((r) => ({ value: r.value, label: r.label }))}
        onChange={(rule: string) => onChange(withRule(condition, rule))}
      />
      <div style={{ flex: 1 }}>
        <ValueInput field={field} rule={condition.rule} value={condition.val} onChange={(val) => onChange({ ...condition, val })} />
      </div>
      <Space size={4}>
        <Button aria-label="添加条件" icon={<PlusOutlined aria-hidden />} onClick={onAdd} />
        <Button aria-label="删除条件" icon={<MinusOutlined aria-hidden />} onClick={onRemove} />
      </Space>
    </div>
  );
}
