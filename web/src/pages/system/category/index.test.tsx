import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../../api/request';
import { cleanupPage, grantButtons, okEnvelope, renderWithQuery, FIRST_ROWS } from '../../../test/pageTest';
import SysCategoryList from './index';
import { withChildren } from './data';

vi.mock('../../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

const ROOTS = [
  { id: 'c1', pid: '0', name: '游戏类型', code: 'A01', hasChild: '1' },
  { id: 'c2', pid: '0', name: '道具分类', code: 'A02', hasChild: '0' },
];
const KIDS = [{ id: 'c11', pid: 'c1', name: '角色扮演', code: 'A01A01', hasChild: '0' }];

function serve(): void {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === '/sys/category/rootList') return okEnvelope({ records: ROOTS, total: 2 }) as never;
    if (url === '/sys/category/getChildListBatch') return okEnvelope({ records: KIDS, total: 1, size: 10, current: 1 }) as never;
    return okEnvelope([]) as never;
  });
}

const renderPage = () => renderWithQuery(<SysCategoryList />);

afterEach(cleanupPage);

describe('withChildren', () => {
  it('gives a parent a placeholder until its children are loaded, then the children (recursively)', () => {
    const before = withChildren(ROOTS, new Map());
    expect(before[0].children).toEqual([{ id: 'c1:loading', name: '加载中…', placeholder: true }]);
    expect(before[1].children).toBeUndefined();
    const after = withChildren(ROOTS, new Map([['c1', KIDS]]));
    expect(after[0].children?.map((c) => c.name)).toEqual(['角色扮演']);
  });
});

// jsdom renders antd slowly on this shared machine.
describe('分类字典 (system/SysCategoryList)', { timeout: 60_000 }, () => {
  it('shows the top level from rootList (pid 0, paged), loads children when a row opens, and the granted buttons', async () => {
    grantButtons('category:add', 'category:edit', 'category:delete', 'category:exportXls', 'category:importExcel');
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    expect(await screen.findByText('游戏类型', {}, FIRST_ROWS)).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/sys/category/rootList', expect.objectContaining({ pid: '0', pageNo: 1, pageSize: 10 }));
    for (const name of ['新增', '导出', '导入']) expect(screen.getByRole('button', { name, hidden: true })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '添加下级', hidden: true })).toHaveLength(2);
    const expand = document.querySelector('button.ant-table-row-expand-icon-collapsed') as HTMLElement;
    await user.click(expand);
    expect(await screen.findByText('角色扮演')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/sys/category/getChildListBatch', { parentIds: 'c1' });
  });

  it('a search by 名称 goes to rootList (every level); 添加下级 posts the name with the parent id', async () => {
    grantButtons('category:add');
    serve();
    mocked.post.mockResolvedValue(okEnvelope(null, '添加成功！') as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('游戏类型', {}, FIRST_ROWS);
    await user.type(screen.getByRole('textbox', { name: '名称', hidden: true }), '角色');
    await user.click(screen.getByRole('button', { name: '查询', hidden: true }));
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/sys/category/rootList', expect.objectContaining({ name: '*角色*' })));
    await user.click(screen.getAllByRole('button', { name: '添加下级', hidden: true })[0]);
    const title = await screen.findByText('新增', { selector: '.ant-modal-title' }, { timeout: 5000 });
    const dialog = title.closest('.ant-modal') as HTMLElement;
    expect((within(dialog).getByRole('textbox', { name: '父级节点', hidden: true }) as HTMLInputElement).value).toBe('游戏类型');
    await user.type(within(dialog).getByRole('textbox', { name: '类型名称', hidden: true }), '策略');
    await user.click(within(dialog).getByRole('button', { name: '确定', hidden: true }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sys/category/add', { name: '策略', pid: 'c1' }));
  });

  it('删除 asks first and deletes the node (the server removes its descendants)', async () => {
    grantButtons('category:delete');
    serve();
    mocked.delete.mockResolvedValue(okEnvelope(null, '删除成功!') as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('游戏类型', {}, FIRST_ROWS);
    await user.click(screen.getAllByRole('button', { name: '删除', hidden: true })[0]);
    expect(await screen.findByText('其下级节点将一并删除')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^确\s?定$/, hidden: true }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/sys/category/delete', { id: 'c1' }));
  });
});
