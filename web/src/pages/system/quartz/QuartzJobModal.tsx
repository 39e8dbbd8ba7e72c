/**
 * 新增 / 编辑 a scheduled job (contract §11): 任务类名 typed or picked from the classes the server knows, Cron表达式
 * typed or built in the cron builder (001 §2), then 参数, 描述 and 状态. A new job starts as the original client's:
 * running, cron `* * * * * ? *`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { AutoComplete, Form } from 'antd';
import { QUARTZ_STATUS, quartzJobEntity, type EntityDef, type QuartzJobHandlerInfo } from '@pk/contract';
import { FormModal, type EntityRow, type FormModalProps } from '../../../crud';
import { CronInput } from '../../../components/CronBuilder';
import { jobHandlers } from './api';

const SPECIAL = new Set(['jobClassName', 'cronExpression']);
/** The definition without the two fields this dialog renders itself. */
const formEntity: EntityDef = { ...quartzJobEntity, fields: quartzJobEntity.fields.filter((f) => !SPECIAL.has(f.prop)) };

/** Dictionary values are strings in the form (contract §6.1). */
export const NEW_JOB_DEFAULTS = { cronExpression: '* * * * * ? *', status: String(QUARTZ_STATUS.running) } as const;

function useHandlers(open: boolean): QuartzJobHandlerInfo[] {
  const [list, setList] = useState<QuartzJobHandlerInfo[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    jobHandlers()
      .then((res) => {
        if (live && res.success && Array.isArray(res.result)) setList(res.result);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [open]);
  return list;
}

function jobItems(handlers: QuartzJobHandlerInfo[]): ReactNode {
  const options = handlers.map((h) => ({ value: h.className, label: `${h.className}（${h.description}）` }));
  return (
    <>
      <Form.Item name="jobClassName" label="任务类名" rules={[{ required: true, message: '请输入任务类名!' }]}>
        <AutoComplete
          options={options}
          placeholder="请输入任务类名"
          aria-label="任务类名"
          filterOption={(input, o) =>
            String(o?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        />
      </Form.Item>
      <Form.Item name="cronExpression" label="Cron表达式" rules={[{ required: true, message: '请输入cron表达式!' }]}>
        <CronInput />
      </Form.Item>
    </>
  );
}

function fillValues(values: Record<string, unknown>, record: EntityRow | null): Record<string, unknown> {
  if (!record) return { ...values, ...NEW_JOB_DEFAULTS };
  return { ...values, jobClassName: record.jobClassName ?? '', cronExpression: record.cronExpression ?? '' };
}

function fillBody(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { ...body, jobClassName: text(values.jobClassName), cronExpression: text(values.cronExpression) };
}

export function QuartzJobModal(props: FormModalProps): ReactNode {
  const handlers = useHandlers(props.open);
  return <FormModal {...props} entity={formEntity} extraItems={() => jobItems(handlers)} formValues={fillValues} toBody={fillBody} />;
}
