/**
 * Cron builder dialog (001 §2, width 800): tabs second … year, a value field, and the next 10 run times
 * (year ignored, 500 ms debounce, Quartz semantics with 1 = Sunday). Opening parses the given expression into
 * the tabs; a part no tab can show falls back on its own (to every, or `?` for a week beside a set day) and a
 * warning names it, so an expression is never changed silently.
 *
 * @example
 *   <CronBuilder open={open} value="0 0 12 ? * 2#1 *" onOk={(v) => setCron(v)} onCancel={() => setOpen(false)} />
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Input, Modal, Tabs, Typography } from 'antd';
import { CRON_FIELD_LABELS } from '@pk/contract';
import { FieldTab } from './FieldTab';
import { changeField } from './linkage';
import { CRON_FIELDS, buildCron, isDayDisabled, joinCron, lostMessage, parseCronReport, type CronFieldKey, type CronState, type LostPart } from './model';
import { PREVIEW_DEBOUNCE_MS, previewRuns } from './preview';
import { useDebounced } from './useDebounced';

export interface CronBuilderProps {
  open: boolean;
  value?: string;
  onOk: (value: string) => void;
  onCancel: () => void;
  /** 800 in one host, 608 in another (001 §9). */
  width?: number;
  title?: string;
}

export function CronBuilder({ open, value, onOk, onCancel, width = 800, title = 'Cron表达式' }: CronBuilderProps) {
  const [state, setState] = useState<CronState>(() => parseCronReport(value).state);
  const [lost, setLost] = useState<LostPart[]>([]);
  const [tab, setTab] = useState<CronFieldKey>('second');
  const parts = useMemo(() => buildCron(state), [state]);
  const expr = joinCron(parts);
  const [text, setText] = useState(expr);

  /** Loads an expression into the tabs and remembers what they could not show. */
  const load = (expr: string | undefined) => {
    const r = parseCronReport(expr);
    setState(r.state);
    setLost(r.lost);
    setText(joinCron(buildCron(r.state)));
  };

  // reopening parses the current value again
  useEffect(() => {
    if (open) load(value);
  }, [open, value]);
  useEffect(() => setText(expr), [expr]);

  const debounced = useDebounced(expr, PREVIEW_DEBOUNCE_MS);
  const preview = useMemo(() => previewRuns(debounced), [debounced]);

  const commitText = () => {
    if (text !== expr) load(text);
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText="确定"
      cancelText="取消"
      onOk={() => onOk(expr)}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="cron-builder"
    >
      {lost.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={lostMessage(lost)} data-testid="cron-lost" />}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as CronFieldKey)}
        size="small"
        items={CRON_FIELDS.map((f) => ({
          key: f,
          label: CRON_FIELD_LABELS[f],
          children: (
            <div style={{ minHeight: 220 }}>
              <FieldTab
                field={f}
                state={state[f]}
                disabled={f === 'day' && isDayDisabled(parts)}
                onChange={(next) => setState((s) => changeField(s, f, next))}
              />
            </div>
          ),
        }))}
      />
      <div style={{ display: 'flex', gap: 16, marginTop: 12 }}>
        <div style={{ flex: 1 }}>
          <Typography.Text strong>表达式</Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, margin: '8px 0', textAlign: 'center' }} data-testid="cron-parts">
            {CRON_FIELDS.map((f) => (
              <div key={f}>
                <div style={{ color: '#888', fontSize: 12 }}>{CRON_FIELD_LABELS[f]}</div>
                <Input size="small" readOnly value={parts[f]} aria-label={`${CRON_FIELD_LABELS[f]}的值`} style={{ textAlign: 'center' }} />
              </div>
            ))}
          </div>
          <Input aria-label="cron表达式" value={text} onChange={(e) => setText(e.target.value)} onBlur={commitText} onPressEnter={commitText} />
        </div>
        <div style={{ width: 220 }} data-testid="cron-preview">
          <Typography.Text strong>最近10次运行时间</Typography.Text>
          {preview.ok ? (
            <ol style={{ margin: '8px 0 0', paddingLeft: 24, fontFamily: 'monospace', fontSize: 12, lineHeight: '20px' }}>
              {preview.runs.map((r) => (
                <li key={r}>{r}</li>
              ))}
              {preview.runs.length === 0 && <li style={{ listStyle: 'none' }}>没有可运行的时间</li>}
            </ol>
          ) : (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={preview.message} />
          )}
        </div>
      </div>
    </Modal>
  );
}
