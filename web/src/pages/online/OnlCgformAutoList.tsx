/**
 * The list of a table designed in the browser (menu component `modules/online/cgform/auto/OnlCgformAutoList`, url
 * `/online/cgformList/{id}`; online-contract.md §0): the server answers the table's run-time entity definition
 * (`GET /online/cgform/api/entity/{id}`) and the page is our generic ListPage of it — the same search form, table,
 * dialogs, dictionaries, export and import as every hand-written screen. Nothing is generated or evaluated.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useLocation } from 'react-router';
import type { EntityDef } from '@pk/contract';
import { http } from '../../api/request';
import { ListPage } from '../../crud/ListPage';

/** The server's answer for a form not yet synchronised with its table. */
const NO_DB_SYNC = 'NO_DB_SYNC';

export const ONLINE_LIST_TEXT = {
  notSynced: '表单尚未同步数据库，请在“Online表单开发”中同步后再使用',
  failed: '表单加载失败',
} as const;

/** The head id of `/online/cgformList/{id}` (the last path segment). */
export function formIdOf(pathname: string): string {
  return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
}

async function fetchEntity(id: string): Promise<EntityDef> {
  const r = await http.get<EntityDef>(`/online/cgform/api/entity/${encodeURIComponent(id)}`, undefined, { silent: true });
  if (!r.success) throw new Error(r.message === NO_DB_SYNC ? ONLINE_LIST_TEXT.notSynced : r.message || ONLINE_LIST_TEXT.failed);
  return r.result;
}

export default function OnlCgformAutoList() {
  const id = formIdOf(useLocation().pathname);
  const q = useQuery({ queryKey: ['online', 'entity', id], queryFn: () => fetchEntity(id), enabled: !!id, retry: false });
  if (q.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (q.isError) return <Alert type="warning" showIcon title={q.error.message} style={{ margin: 16 }} />;
  return <ListPage key={q.data.key} entity={q.data} />;
}
