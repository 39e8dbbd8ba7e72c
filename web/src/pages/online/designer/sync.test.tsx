import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { onlCgformHeadEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { failEnvelope, FIRST_ROWS, grantButtons, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { getView } from '../../../views/registry';
import OnlCgformHeadList from '.';
import { SyncModal, SYNC_URL } from './SyncModal';
import { DESIGNER_MSG } from './texts';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
  sessionStorage.clear();
});

const WAIT = { timeout: 10_000 } as const;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const button = (name: string | RegExp) => screen.getByRole('button', { name, hidden: true });
const P = onlCgformHeadEntity.perms;
const FORM = { id: 'h1', tableName: 'pk_crew' };
const PLAN = [
  { op: 'rename', from: 'name', to: 'title' },
  { op: 'add', column: 'score' },
  { op: 'drop', column: 'memo', values: 2 },
];

function servePlan(plan: unknown[] = PLAN) {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === SYNC_URL.plan(FORM.id)) return okEnvelope(plan) as never;
    if (url === '/online/cgform/head/list')
      return okEnvelope({
        records: [{ id: 'h1', tableName: 'pk_crew', tableTxt: '船员名册', tableType: 1, tableType_dictText: '单表', tableVersion: 2, isDbSynch: 'N' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }) as never;
    return okEnvelope([]) as never;
  });
}

describe('sync dialog', () => {
  it('shows the dry run in Chinese, then 普通同步 calls the normal sync and closes', async () => {
    servePlan();
    mocked.post.mockResolvedValue(okEnvelope([], '同步数据库成功!') as never);
    const onClose = vi.fn();
    const onSynced = vi.fn();
    renderWithQuery(<SyncModal form={FORM} onClose={onClose} onSynced={onSynced} />);
    expect(await screen.findByText('字段 name 改名为 title', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('新增字段 score')).toBeTruthy();
    expect(screen.getByText(/删除字段 memo（将清空 2 个值）/)).toBeTruthy();
    await user().click(button('普通同步'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalled(), WAIT);
    expect(mocked.post.mock.calls[0][0]).toBe(SYNC_URL.run('h1', 'normal'));
    expect(mocked.post.mock.calls[0][1]).toBeUndefined();
    expect(onSynced).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('a refused normal sync keeps the dialog open with the server message', async () => {
    servePlan([{ op: 'retype', column: 'title', from: 'varchar(50)', to: 'int', truncate: 0, empty: 2, round: 0, rows: ['r1', 'r2'] }]);
    const refusal = '普通同步未执行，数据库表没有任何修改：字段title从varchar(50)改为int会清空2行数据（id：r1、r2）。';
    mocked.post.mockResolvedValue(failEnvelope(refusal) as never);
    const onClose = vi.fn();
    renderWithQuery(<SyncModal form={FORM} onClose={onClose} onSynced={vi.fn()} />);
    expect(await screen.findByText(/字段 title 改变类型：varchar\(50\) → int（将清空 2 行，涉及 id：r1、r2）/, undefined, WAIT)).toBeTruthy();
    await user().click(button('普通同步'));
    // the dialog keeps the refusal (a toast shows it too)
    const dialog = screen.getByRole('dialog', { hidden: true });
    await waitFor(() => expect(within(dialog).getByRole('alert', { hidden: true })).toHaveTextContent(refusal), WAIT);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('强制同步 needs the table name typed, and sends it', async () => {
    servePlan([]);
    mocked.post.mockResolvedValue(okEnvelope([], '同步数据库成功!') as never);
    renderWithQuery(<SyncModal form={FORM} onClose={vi.fn()} onSynced={vi.fn()} />);
    expect(await screen.findByText(DESIGNER_MSG.planEmpty, undefined, WAIT)).toBeTruthy();
    const force = button('强制同步');
    expect(force).toBeDisabled();
    const u = user();
    const name = screen.getByRole('textbox', { name: '确认表名', hidden: true });
    await u.type(name, 'pk_cre');
    expect(force).toBeDisabled();
    expect(screen.getByText(DESIGNER_MSG.forceMismatch)).toBeTruthy();
    await u.type(name, 'w');
    expect(force).toBeEnabled();
    await u.click(force);
    await waitFor(() => expect(mocked.post).toHaveBeenCalled(), WAIT);
    expect(mocked.post.mock.calls[0].slice(0, 2)).toEqual([SYNC_URL.run('h1', 'force'), { confirmTableName: 'pk_crew' }]);
  });
});

describe('在线表单开发 page', () => {
  const openPage = () =>
    renderWithQuery(
      <MemoryRouter initialEntries={['/online/cgform']}>
        <OnlCgformHeadList />
      </MemoryRouter>,
    );

  it('is the page of its menu component', () => {
    expect(getView('modules/online/cgform/OnlCgformHeadList')).toBeTypeOf('function');
  });

  it('lists the forms with the designer row actions; 同步数据库 opens the dry run; 生成菜单 shows the menu url; 删除 asks about the table', async () => {
    grantButtons(P.add, P.edit, P.delete, P.deleteBatch, P.sync, P.genMenu);
    servePlan();
    mocked.post.mockImplementation(async (url: string) =>
      url === '/online/cgform/head/genMenu/h1' ? (okEnvelope('/online/cgformList/h1', '生成菜单成功') as never) : (okEnvelope([], '同步数据库成功!') as never),
    );
    mocked.delete.mockResolvedValue(okEnvelope(null, '删除成功!') as never);
    openPage();
    expect(await screen.findByText('船员名册', undefined, FIRST_ROWS)).toBeTruthy();
    expect(screen.getByText('未同步')).toBeTruthy();
    expect(button(/新\s*增/)).toBeTruthy();
    const u = user();

    await u.click(button('同步数据库'));
    expect(await screen.findByText('字段 name 改名为 title', undefined, WAIT)).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith(SYNC_URL.plan('h1'), undefined, { silent: true });
    await u.click(button('普通同步'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith(SYNC_URL.run('h1', 'normal'), undefined, expect.anything()), WAIT);

    await u.click(button('生成菜单'));
    expect(await screen.findByText(DESIGNER_MSG.menuUrl('/online/cgformList/h1'), undefined, WAIT)).toBeTruthy();
    await u.click(button('知道了'));

    await u.click(button(/^删\s*除$/));
    const pop = await screen.findByText(DESIGNER_MSG.confirmDrop, undefined, WAIT);
    const tip = pop.closest('.ant-popconfirm') as HTMLElement;
    await u.click(within(tip).getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/online/cgform/head/delete', { id: 'h1' }), WAIT);
  });
});
