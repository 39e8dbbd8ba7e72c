import { FilterFilled } from '@ant-design/icons';
import { Button, Input, Popover, Select, Space } from 'antd';
import { useState, type SyntheticEvent } from 'react';
import { FILTER_RULE_LABEL, filterRules, type ColumnFilterValue, type FilterRule } from './filter';
import type { ColumnDef } from './types';
import { withOptions } from './cells/Cell';
import { optionLabel } from './cells/options';

/**
 * A column's header filter: a funnel that opens a dropdown with the rule (when the column offers several), the
 * value (a select over the column's options or dictionary, else a text box), 确定 and 重置. Highlighted while a value is set.
 */
export function ColumnFilter({
  col,
  value,
  onChange,
  onMouseUpCapture,
}: {
  col: ColumnDef;
  value: ColumnFilterValue | undefined;
  onChange: (v: ColumnFilterValue | undefined) => void;
  /** The table's editing keeper: a mouse-up in the dropdown is not "outside the table". */
  onMouseUpCapture?: (e: SyntheticEvent) => void;
}) {
  const rules = filterRules(col);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ColumnFilterValue>({ rule: rules[0]!, value: '' });
  const apply = (v: ColumnFilterValue | undefined) => {
    onChange(v?.value.trim() ? v : undefined);
    setOpen(false);
  };
  const content = (
    <div onMouseUpCapture={onMouseUpCapture} style={{ width: 220 }}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {rules.length > 1 && (
          <Select<FilterRule>
            size="small"
            style={{ width: '100%' }}
            aria-label={`${col.title}筛选条件`}
            value={draft.rule}
            options={rules.map((r) => ({ value: r, label: FILTER_RULE_LABEL[r] }))}
            onChange={(rule) => setDraft({ ...draft, rule })}
          />
        )}
        {withOptions(col, (options) =>
          options.length ? (
            <Select
              size="small"
              style={{ width: '100%' }}
              aria-label={`${col.title}筛选值`}
              placeholder={`请选择${col.title}`}
              allowClear
              value={draft.value || undefined}
              options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
              onChange={(v?: string) => setDraft({ ...draft, value: v ?? '' })}
            />
          ) : (
            <Input
              size="small"
              aria-label={`${col.title}筛选值`}
              placeholder={`请输入${col.title}`}
              value={draft.value}
              allowClear
              onChange={(e) => setDraft({ ...draft, value: e.target.value })}
              onPressEnter={() => apply(draft)}
            />
          ),
        )}
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button size="small" onClick={() => apply(undefined)}>
            重置
          </Button>
          <Button size="small" type="primary" onClick={() => apply(draft)}>
            确定
          </Button>
        </Space>
      </Space>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      content={content}
      onOpenChange={(o) => {
        if (o) setDraft(value ?? { rule: rules[0]!, value: '' });
        setOpen(o);
      }}
    >
      <button
        type="button"
        className="pk-et-icon pk-et-filter"
        aria-label={`筛选${col.title}`}
        data-active={value ? 'true' : undefined}
        style={{ marginLeft: 'auto', color: value ? 'var(--pk-color-link, #1677ff)' : '#bfbfbf' }}
      >
        <FilterFilled />
      </button>
    </Popover>
  );
}
