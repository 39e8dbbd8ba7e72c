/**
 * 在线表单开发 — menu component `modules/online/cgform/OnlCgformHeadList`, url `/online/cgform` (online-contract.md
 * §1.1, issue 25 points 2, 4, 8, 9). The head list is the generic ListPage of `onlCgformHeadEntity` with the
 * designer's own entries: 新增 / 编辑 open the designer dialog (the whole definition saved through `api/addAll` /
 * `api/editAll`); per row 同步数据库 (dry run, then normal or force), 生成菜单, 打开 (when the generated menu is
 * among the signed-in user's routes), 移除 (the definition only) and 删除 (the definition and its table); on the
 * selected rows 批量移除 / 批量删除 (`deleteBatch` with `flag` 0 / 1).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Tag } from 'antd';
import { useNavigate } from 'react-router';
import { onlCgformHeadEntity, type EntityDef } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, type ColumnOverrides, type EntityRow, type ListPageContext, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange, showResult } from '../../../crud/notify';
import { feedback } from '../../../components/feedback';
import { useSession } from '../../../store/session';
import { DesignerModal } from './DesignerModal';
import { SyncModal } from './SyncModal';
import { DESIGNER_MSG } from './texts';

const P = onlCgformHeadEntity.perms;
const API = onlCgformHeadEntity.api;

/**
 * The list's own 删除 / 批量删除 would ask the generic question and, for the batch, only remove definitions: this
 * page brings its own entries for both (the table is dropped too, so the question says so).
 */
const entity: EntityDef = {
  ...onlCgformHeadEntity,
  omitRoutes: [...(onlCgformHeadEntity.omitRoutes ?? []), 'delete', 'deleteBatch'],
};

/** The url of the list a generated menu opens (online-contract.md §0). */
export const formListPath = (id: string): string => `/online/cgformList/${id}`;

const columns: ColumnOverrides = {
  isDbSynch: {
    render: (v: unknown) => (v === 'Y' ? <Tag color="green">已同步</Tag> : <Tag color="orange">未同步</Tag>),
  },
};

async function generateMenu(row: EntityRow): Promise<void> {
  try {
    const res = await http.post<string>(`${API}/genMenu/${encodeURIComponent(String(row.id))}`);
    if (!res.success) return showResult(res);
    feedback.modal.info({ title: res.message || DESIGNER_MSG.menuCreated, content: DESIGNER_MSG.menuUrl(String(res.result ?? '')), okText: '知道了' });
  } catch {
    // reported by the request client
  }
}

const removeOne = (url: string) => async (row: EntityRow, ctx: ListPageContext) => {
  const id = String(row.id);
  if (await sendChange(() => http.delete<unknown>(url, { id }))) ctx.afterRemove([id]);
};

const removeMany = (flag: 0 | 1) => async (ids: string[], ctx: ListPageContext) => {
  if (await sendChange(() => http.delete<unknown>(`${API}/deleteBatch`, { ids: ids.join(','), flag }))) ctx.afterRemove(ids);
};

const TOOLBAR: ToolbarAction<ListPageContext>[] = [
  { key: 'removeBatch', label: '批量移除', perm: P.deleteBatch, selection: true, confirm: DESIGNER_MSG.confirmRemoveSelected, onClick: removeMany(0) },
  {
    key: 'dropBatch',
    label: '批量删除',
    perm: P.deleteBatch,
    selection: true,
    danger: true,
    confirm: DESIGNER_MSG.confirmDropSelected,
    onClick: removeMany(1),
  },
];

export default function OnlCgformHeadList(): ReactNode {
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const [syncing, setSyncing] = useState<{ id: string; tableName: string; reload: () => void } | null>(null);

  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(() => {
    const menus = new Set((routes ?? []).map((r) => r.path));
    return [
      {
        key: 'sync',
        label: '同步数据库',
        perm: P.sync,
        onClick: (row, ctx) => setSyncing({ id: String(row.id), tableName: String(row.tableName ?? ''), reload: ctx.reload }),
      },
      { key: 'genMenu', label: '生成菜单', perm: P.genMenu, onClick: (row) => generateMenu(row) },
      { key: 'open', label: '打开', visible: (row) => menus.has(formListPath(String(row.id))), onClick: (row) => navigate(formListPath(String(row.id))) },
      { key: 'remove', label: '移除表单', perm: P.delete, confirm: DESIGNER_MSG.confirmRemove, onClick: removeOne(`${API}/removeRecord`) },
      { key: 'drop', label: '删除', perm: P.delete, danger: true, confirm: DESIGNER_MSG.confirmDrop, onClick: removeOne(`${API}/delete`) },
    ];
  }, [routes, navigate]);

  return (
    <>
      <ListPage entity={entity} columns={columns} ownSave rowActions={rowActions} toolbar={TOOLBAR} renderForm={(props) => <DesignerModal {...props} />} />
      {syncing && <SyncModal form={syncing} onClose={() => setSyncing(null)} onSynced={syncing.reload} />}
    </>
  );
}
