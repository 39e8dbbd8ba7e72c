/**
 * 定时任务 — menu component `system/QuartzJobList` (contract §11): the job list on the entity mechanism with the cron
 * builder in its dialog; per row 启动 / 停止 (by status), 立即执行 and 运行记录 (the drawer of run records).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Tag } from 'antd';
import { QUARTZ_STATUS, quartzJobEntity } from '@pk/contract';
import { ListPage, type ColumnOverrides, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { executeJob, pauseJob, resumeJob } from './api';
import { QuartzJobModal } from './QuartzJobModal';
import { QuartzJobRunsDrawer } from './QuartzJobRunsDrawer';

const running = (r: EntityRow) => Number(r.status) === QUARTZ_STATUS.running;

const columns: ColumnOverrides = {
  status: {
    render: (_v: unknown, r: EntityRow) => <Tag color={running(r) ? 'green' : 'orange'}>{String(r.status_dictText ?? r.status ?? '')}</Tag>,
  },
};

export default function QuartzJobList(): ReactNode {
  const [viewing, setViewing] = useState<{ id: string; jobClassName?: string } | null>(null);
  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    () => [
      {
        key: 'resume',
        label: '启动',
        perm: quartzJobEntity.perms.resume,
        visible: (r) => !running(r),
        confirm: '确定启动吗?',
        onClick: async (r, ctx) => void ((await sendChange(() => resumeJob(String(r.id)))) && ctx.reload()),
      },
      {
        key: 'pause',
        label: '停止',
        perm: quartzJobEntity.perms.pause,
        visible: running,
        confirm: '确定停止吗?',
        onClick: async (r, ctx) => void ((await sendChange(() => pauseJob(String(r.id)))) && ctx.reload()),
      },
      {
        key: 'execute',
        label: '立即执行',
        perm: quartzJobEntity.perms.execute,
        confirm: '确定立即执行一次吗?',
        onClick: (r) => sendChange(() => executeJob(String(r.id))),
      },
      {
        key: 'runs',
        label: '运行记录', // whoever sees the list may read its run records
        onClick: (r) => setViewing({ id: String(r.id), jobClassName: String(r.jobClassName ?? '') }),
      },
    ],
    [],
  );
  return (
    <>
      <ListPage entity={quartzJobEntity} columns={columns} rowActions={rowActions} renderForm={(props) => <QuartzJobModal {...props} />} />
      <QuartzJobRunsDrawer job={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
