/**
 * One tab of the cron builder: a radio per mode of the field (001 §4) with its inputs, bounded as 001 §5 says.
 */
import { useState } from 'react';
import { Checkbox, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { boundsOf, clampInput, orderYearRange } from './bounds';
import { EVERY_LABEL, MODE_LABEL, UNIT, WEEKDAYS } from './labels';
import { FIELD_MODES, type CronFieldKey, type CronMode, type FieldState } from './model';

export interface FieldTabProps {
  field: CronFieldKey;
  state: FieldState;
  onChange: (next: FieldState) => void;
  /** The day tab is disabled while week is set (001 §4). */
  disabled?: boolean;
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export function FieldTab({ field, state, onChange, disabled }: FieldTabProps) {
  const b = boundsOf(field);
  const unit = UNIT[field];
  const [yearWarning, setYearWarning] = useState<string | undefined>();
  const set = (patch: Partial<FieldState>) => onChange({ ...state, ...patch });
  const setNumber = (key: keyof FieldState, value: number) => {
    if (field === 'year' && (key === 'rangeStart' || key === 'rangeEnd')) {
      // the year is the one field Quartz does not wrap: keep start ≤ end and say so
      const { next, warning } = orderYearRange(state, key, value);
      setYearWarning(warning);
      onChange(next);
    } else set({ [key]: value } as Partial<FieldState>);
  };
  const num = (key: keyof FieldState, bounds: readonly [number, number], label: string) => (
    <InputNumber
      size="small"
      min={bounds[0]}
      max={bounds[1]}
      precision={0}
      aria-label={label}
      disabled={disabled}
      value={state[key] as number}
      onChange={(v) => setNumber(key, clampInput(v, bounds))}
      style={{ width: field === 'year' ? 90 : 70 }}
    />
  );
  const weekday = (key: 'rangeStart' | 'rangeEnd' | 'loopStart' | 'weekday', label: string) => (
    <Select
      size="small"
      aria-label={label}
      disabled={disabled}
      value={state[key]}
      options={WEEKDAYS.map((w) => ({ value: w.value, label: w.label }))}
      onChange={(v: number) => set({ [key]: v })}
      style={{ width: 80 }}
    />
  );
  const isWeek = field === 'week';

  const body: Record<CronMode, React.ReactNode> = {
    every: EVERY_LABEL[field],
    notSet: MODE_LABEL.notSet,
    range: (
      <Space size={4} wrap>
        {MODE_LABEL.range}：从
        {isWeek ? weekday('rangeStart', '区间开始') : num('rangeStart', b.rangeStart, '区间开始')}
        {isWeek ? '' : unit}至{isWeek ? weekday('rangeEnd', '区间结束') : num('rangeEnd', b.rangeEnd, '区间结束')}
        {isWeek ? '' : unit}
        {yearWarning && (
          <Typography.Text type="warning" role="alert">
            {yearWarning}
          </Typography.Text>
        )}
      </Space>
    ),
    loop: (
      <Space size={4} wrap>
        {MODE_LABEL.loop}：从{isWeek ? weekday('loopStart', '循环开始') : num('loopStart', b.loopStart, '循环开始')}
        {isWeek ? '' : unit}开始，间隔{num('loopStep', b.loopStep, '循环间隔')}
        {isWeek ? '天' : unit}
      </Space>
    ),
    work: (
      <Space size={4} wrap>
        {MODE_LABEL.work}：本月{num('work', b.work ?? b.value, '工作日号数')}号，最近的工作日
      </Space>
    ),
    last: `${MODE_LABEL.last}：本月最后一日`,
    lastWork: `${MODE_LABEL.lastWork}：本月最后一个工作日`,
    lastOffset: (
      <Space size={4} wrap>
        {MODE_LABEL.lastOffset}：本月最后一日的前{num('lastOffset', b.lastOffset ?? [1, 30], '月末前天数')}天
      </Space>
    ),
    lastWeek: (
      <Space size={4} wrap>
        本月最后一个{weekday('weekday', '最后一个星期')}
      </Space>
    ),
    nth: (
      <Space size={4} wrap>
        本月第{num('nth', b.nth ?? [1, 5], '第几周')}周的{weekday('weekday', '第几周的星期')}
      </Space>
    ),
    specify: MODE_LABEL.specify,
  };

  return (
    <Radio.Group
      value={state.mode}
      disabled={disabled}
      onChange={(e) => set({ mode: e.target.value as CronMode })}
      style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
      aria-label={`${UNIT[field]}设置`}
    >
      {FIELD_MODES[field].map((mode) => (
        <div key={mode} data-mode={mode}>
          <Radio value={mode}>{body[mode]}</Radio>
          {mode === 'specify' && (
            // outside the radio's label: checking a value selects the specify mode
            <Checkbox.Group
              disabled={disabled}
              value={state.mode === 'specify' ? state.list : []}
              onChange={(list) => set({ mode: 'specify', list: (list as number[]).slice().sort((x, y) => x - y) })}
              style={{ display: 'grid', gridTemplateColumns: `repeat(${isWeek ? 7 : 10}, minmax(0, 1fr))`, margin: '6px 0 0 24px' }}
              aria-label={`指定${UNIT[field]}`}
              options={
                isWeek
                  ? WEEKDAYS.map((w) => ({ value: w.value, label: w.label }))
                  : range(b.value[0], b.value[1]).map((n) => ({ value: n, label: String(n).padStart(2, '0') }))
              }
            />
          )}
        </div>
      ))}
    </Radio.Group>
  );
}
