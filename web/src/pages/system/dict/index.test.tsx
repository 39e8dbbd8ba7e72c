import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../../api/request';
import { DictSelect } from '../../../crud';
import { cleanupPage, failEnvelope, grantButtons, okEnvelope, renderWithQuery, FIRST_ROWS } from '../../../test/pageTest';
import DictList from './index';

vi.mock('../../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

const DICTS = [{ id: 'd1', dictName: '性别', dictCode: 'sex', description: '性别字典' }];
const ITEMS = [{ id: 'i1', dictId: 'd1', itemText: '男', itemValue: '1', sortOrder: 1, status: 1, status_dictText: '启用' }];

/** The server: dictionaries, items, the recycle bin, the caches (`items` of sex change after a refresh). */
function serve(opts: { refresh?: 'ok' | 'fail' } = {}) {
  let sex = [{ value: '1', text: '男' }];
  mocked.get.mockImplementation(async (url: string, params?: Record<string, unknown>) => {
    if (url === '/sys/dict/list') return okEnvelope({ records: DICTS, total: 1 }) as never;
    if (url === '/sys/dictItem/list') return okEnvelope({ records: params?.dictId === 'd1' ? ITEMS : [], total: 1 }) as never;
    if (url === '/sys/dict/deleteList') return okEnvelope([{ id: 'd9', dictName: '旧字典', dictCode: 'old', description: null }]) as never;
    if (url === '/sys/dictItem/dictItemCheck')
      return (params?.itemValue === '1' ? failEnvelope('该值不可用，系统中已存在！') : okEnvelope(null, '该值可用！')) as never;
    if (url === 'sys/dict/refleshCache') {
      sex = [
        { value: '1', text: '男' },
        { value: '2', text: '女' },
      ];
      return (opts.refresh === 'fail' ? failEnvelope('操作失败') : okEnvelope(null)) as never;
    }
    if (url === 'sys/dict/queryAllDictItems') return okEnvelope({ sex }) as never;
    if (url === '/sys/dict/getDictItems/sex') return okEnvelope(sex) as never;
    return okEnvelope([]) as never;
  });
}

/** The drawer or modal whose title is `title`. */
function panel(title: HTMLElement, selector: string): HTMLElement {
  const el = title.closest(selector);
  if (!el) throw new Error(`no ${selector} around the title`);
  return el as HTMLElement;
}

const renderPage = () =>
  renderWithQuery(
    <>
      <DictList />
      <DictSelect code="sex" />
    </>,
  );

afterEach(cleanupPage);

// jsdom renders antd slowly on this shared machine: one journey through a drawer and a dialog takes seconds.
describe('数据字典 (system/DictList)', { timeout: 60_000 }, () => {
  it('lists the dictionaries with search 字典名称 / 字典编码 and the granted buttons', async () => {
    grantButtons('dict:add', 'dict:exportXls', 'dict:importExcel', 'dict:edit', 'dict:delete', 'dict:item:list');
    serve();
    renderPage();
    expect(await screen.findByText('性别字典', {}, FIRST_ROWS)).toBeTruthy();
    for (const label of ['字典名称', '字典编码']) expect(screen.getByRole('textbox', { name: label, hidden: true })).toBeTruthy();
    for (const name of ['新增', '导出', '导入', '刷新缓存', '字典配置', '编辑', '删除'])
      expect(screen.getByRole('button', { name, hidden: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '回收站', hidden: true })).toBeNull();
  });

  it('字典配置 opens the items of the row (by dictId) with 名称 / 状态 search', async () => {
    grantButtons('dict:item:list', 'dict:item:add');
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('性别字典', {}, FIRST_ROWS);
    await user.click(screen.getByRole('button', { name: '字典配置', hidden: true }));
    const drawer = panel(await screen.findByText('字典列表 - 性别', {}, { timeout: 5000 }), '.ant-drawer');
    expect(await within(drawer).findByText('启用')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/sys/dictItem/list', expect.objectContaining({ dictId: 'd1' }));
    expect(within(drawer).getByRole('textbox', { name: '名称', hidden: true })).toBeTruthy();
    expect(within(drawer).queryByRole('textbox', { name: '字典', hidden: true })).toBeNull(); // dictId is fixed, not searched
    expect(within(drawer).getByRole('combobox', { name: '是否启用', hidden: true })).toBeTruthy();
  });

  it('the item dialog checks 数据值 as the user types and saves to /sys/dictItem/add with the dictionary id', async () => {
    grantButtons('dict:item:list', 'dict:item:add');
    serve();
    mocked.post.mockResolvedValue(okEnvelope(null, '保存成功！') as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('性别字典', {}, FIRST_ROWS);
    await user.click(screen.getByRole('button', { name: '字典配置', hidden: true }));
    const drawer = panel(await screen.findByText('字典列表 - 性别', {}, { timeout: 5000 }), '.ant-drawer');
    await user.click(within(drawer).getByRole('button', { name: '新增', hidden: true }));
    const dialog = panel(await screen.findByText('新增', { selector: '.ant-modal-title' }, { timeout: 5000 }), '.ant-modal');
    await user.type(within(dialog).getByRole('textbox', { name: '名称', hidden: true }), '女');
    const value = within(dialog).getByRole('textbox', { name: '数据值', hidden: true });
    await user.type(value, '1');
    expect(await within(dialog).findByText('该值不可用，系统中已存在！')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/sys/dictItem/dictItemCheck', { dictId: 'd1', itemValue: '1' }, { silent: true });
    await user.clear(value);
    await user.type(value, '2');
    await waitFor(() => expect(within(dialog).queryByText('该值不可用，系统中已存在！')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: '确定', hidden: true }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith('/sys/dictItem/add', {
        itemText: '女',
        itemValue: '2',
        description: null,
        sortOrder: 1,
        status: 1,
        dictId: 'd1',
      }),
    );
  });

  it('刷新缓存: server cache, then every dictionary again into the client cache for 7 days; open selects refetch', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('性别字典', {}, FIRST_ROWS);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/sys/dict/getDictItems/sex'));
    const before = mocked.get.mock.calls.filter(([u]) => u === '/sys/dict/getDictItems/sex').length;
    await user.click(screen.getByRole('button', { name: '刷新缓存', hidden: true }));
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    const urls = mocked.get.mock.calls.map(([u]) => u);
    expect(urls.indexOf('sys/dict/refleshCache')).toBeLessThan(urls.indexOf('sys/dict/queryAllDictItems'));
    const stored = JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? 'null') as { value: { sex: unknown[] }; expire: number };
    expect(stored.value.sex).toHaveLength(2);
    expect(stored.expire - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await waitFor(() => expect(mocked.get.mock.calls.filter(([u]) => u === '/sys/dict/getDictItems/sex').length).toBe(before + 1));
  });

  it('刷新缓存 failing says 刷新缓存失败！ and keeps the cache', async () => {
    serve({ refresh: 'fail' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('性别字典', {}, FIRST_ROWS);
    await user.click(screen.getByRole('button', { name: '刷新缓存', hidden: true }));
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
    expect(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA')).toBeNull();
  });

  it('回收站 lists the deleted dictionaries; 取回 restores one and reloads the list', async () => {
    grantButtons('dict:recycleBin');
    serve();
    mocked.put.mockResolvedValue(okEnvelope(null, '操作成功!') as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('性别字典', {}, FIRST_ROWS);
    await user.click(screen.getByRole('button', { name: '回收站', hidden: true }));
    const bin = panel(await screen.findByText('字典回收站', {}, { timeout: 5000 }), '.ant-modal');
    expect(await within(bin).findByText('旧字典')).toBeTruthy();
    expect(within(bin).getByRole('button', { name: '彻底删除', hidden: true })).toBeTruthy();
    const lists = mocked.get.mock.calls.filter(([u]) => u === '/sys/dict/list').length;
    await user.click(within(bin).getByRole('button', { name: '取回', hidden: true }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/sys/dict/back/d9'));
    await waitFor(() => expect(mocked.get.mock.calls.filter(([u]) => u === '/sys/dict/list').length).toBeGreaterThan(lists));
  });
});
