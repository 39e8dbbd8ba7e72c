/**
 * 运行记录 of a scheduled job (`GET /sys/quartzJob/runs?jobId=`): each firing or 立即执行 with its fire time, start,
 * end, duration, outcome, error text and node, newest first, on the one list layer.
 */
import { useMemo, type ReactNode } from 'react';
import { Drawer, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { QuartzJobRun } from '@pk/contract';
import { listSource, RemoteTable, useListController } from '../../../crud';

export interface QuartzJobRunsDrawerProps {
  job: { id: string; jobClassName?: string } | null;
  onClose: () => void;
}

const runsSource = listSource<QuartzJobRun>({ key: ['sys', 'quartzJob', 'runs'], url: '/sys/quartzJob/runs' });

const STATUS: Record<QuartzJobRun['status'], [string, string]> = {
  running: ['processing', '运行中'],
  success: ['success', '成功'],
  failed: ['error', '失败'],
};

const COLUMNS: TableColumnType<QuartzJobRun>[] = [
  { title: '触发时间', dataIndex: 'fireTime', align: 'center', width: 170 },
  { title: '触发方式', dataIndex: 'trigger', align: 'center', width: 90, render: (v) => (v === 'manual' ? '立即执行' : '定时') },
  { title: '开始时间', dataIndex: 'startTime', align: 'center', width: 170 },
  { title: '结束时间', dataIndex: 'endTime', align: 'center', width: 170 },
  { title: '延迟(毫秒)', dataIndex: 'delay', align: 'center', width: 100 },
  { title: '耗时(毫秒)', dataIndex: 'duration', align: 'center', width: 100 },
  {
    title: '结果',
    dataIndex: 'status',
    align: 'center',
    width: 90,
    render: (v: QuartzJobRun['status']) => {
      const [color, text] = STATUS[v] ?? STATUS.running;
      return <Tag color={color}>{text}</Tag>;
    },
  },
  { title: '错误信息', dataIndex: 'error', render: (v) => (v ? <Typography.Text type="danger">{String(v)}</Typography.Text> : null) },
  { title: '节点', dataIndex: 'node', align: 'center', width: 160, render: (v, r) => (r.attempt > 1 ? `${String(v ?? '')}（第${r.attempt}次）` : v) },
];

export function QuartzJobRunsDrawer({ job, onClose }: QuartzJobRunsDrawerProps): ReactNode {
  const jobId = job?.id ?? '';
  const extraParams = useMemo(() => ({ jobId }), [jobId]);
  const list = useListController(runsSource, { enabled: !!jobId, extraParams });
  return (
    <Drawer title={`运行记录${job?.jobClassName ? `（${job.jobClassName}）` : ''}`} open={!!job} size={1100} destroyOnHidden onClose={onClose}>
      <RemoteTable list={list} size="small" columns={COLUMNS} rowKey="id" tableProps={{ scroll: { x: 1300 } }} />
    </Drawer>
  );
}
