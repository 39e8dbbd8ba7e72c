/**
 * 同步数据库 of one online form (online-contract.md §1.1, issue 25 point 4): the dry run first
 * (`GET /online/cgform/api/syncPlan/{id}`: each step in Chinese, the ones that would lose values marked), then
 * 普通同步 (`doDbSynch/{id}/normal`, keeps every row or refuses saying which) or 强制同步 (`doDbSynch/{id}/force`,
 * drops and recreates the table, only once the administrator has typed the table's name, sent as
 * `confirmTableName`). The server's message is shown either way; a refusal stays in the dialog to be read.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Input, Modal, Space, Spin, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { http } from '../../../api/request';
import { showResult } from '../../../crud/notify';
import { MSG } from '../../../messages';
import { DESIGNER_MSG, stepLoses, stepText, type PlanStep } from './texts';

export const SYNC_URL = {
  plan: (id: string) => `/online/cgform/api/syncPlan/${encodeURIComponent(id)}`,
  run: (id: string, method: 'normal' | 'force') => `/online/cgform/api/doDbSynch/${encodeURIComponent(id)}/${method}`,
} as const;

/** A sync converts rows in place and may take longer than an ordinary call. */
const SYNC_TIMEOUT_MS = 120_000;

export interface SyncModalProps {
  /** The form being synchronised. */
  form: { id: string; tableName: string };
  onClose: () => void;
  /** After a sync succeeded (the list shows the new state). */
  onSynced: () => void;
}

async function fetchPlan(id: string): Promise<PlanStep[]> {
  const res = await http.get<PlanStep[]>(SYNC_URL.plan(id), undefined, { silent: true });
  if (!res.success) throw new Error(res.message || MSG.failed);
  return Array.isArray(res.result) ? res.result : [];
}

export function SyncModal({ form, onClose, onSynced }: SyncModalProps): ReactNode {
  const plan = useQuery({ queryKey: ['online', 'syncPlan', form.id], queryFn: () => fetchPlan(form.id), retry: false, gcTime: 0, staleTime: 0 });
  const [busy, setBusy] = useState<'normal' | 'force' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === form.tableName;

  async function run(method: 'normal' | 'force'): Promise<void> {
    setBusy(method);
    setRefusal(null);
    try {
      const res = await http.post<unknown>(SYNC_URL.run(form.id, method), method === 'force' ? { confirmTableName: typed.trim() } : undefined, {
        timeout: SYNC_TIMEOUT_MS,
      });
      showResult(res);
      if (res.success) {
        onSynced();
        onClose();
      } else {
        setRefusal(res.message || MSG.failed);
      }
    } catch {
      // reported by the request client
    } finally {
      setBusy(null);
    }
  }

  const steps = plan.data ?? [];
  return (
    <Modal
      open
      title={DESIGNER_MSG.syncTitle(form.tableName)}
      width={720}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose} autoInsertSpace={false}>
            {MSG.close}
          </Button>
          <Button type="primary" loading={busy === 'normal'} disabled={!!busy || plan.isPending} onClick={() => void run('normal')}>
            普通同步
          </Button>
        </Space>
      }
    >
      {plan.isPending ? (
        <Spin description={DESIGNER_MSG.planLoading}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      ) : plan.isError ? (
        <Alert type="warning" showIcon title={plan.error.message} />
      ) : steps.length === 0 ? (
        <Alert type="success" showIcon title={DESIGNER_MSG.planEmpty} />
      ) : (
        <>
          <Typography.Paragraph>{DESIGNER_MSG.planIntro}</Typography.Paragraph>
          <ol aria-label="同步计划" style={{ paddingInlineStart: 24, margin: 0 }}>
            {steps.map((step, i) => (
              <li key={i} style={{ padding: '2px 0' }}>
                {stepLoses(step) ? (
                  <Typography.Text type="warning">
                    <WarningOutlined aria-hidden /> {stepText(step)}
                  </Typography.Text>
                ) : (
                  <Typography.Text>{stepText(step)}</Typography.Text>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {DESIGNER_MSG.normalHint}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} role="alert" />}
      <Divider titlePlacement="start" plain>
        强制同步
      </Divider>
      <Typography.Paragraph type="danger">{DESIGNER_MSG.forceHint}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="确认表名"
          placeholder={form.tableName}
          value={typed}
          status={typed && !confirmed ? 'warning' : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => confirmed && !busy && void run('force')}
        />
        <Button danger loading={busy === 'force'} disabled={!confirmed || !!busy} onClick={() => void run('force')}>
          强制同步
        </Button>
      </Space.Compact>
      {typed && !confirmed && (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4 }}>
          {DESIGNER_MSG.forceMismatch}
        </Typography.Text>
      )}
    </Modal>
  );
}
