import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dataSourceEntity, type Result } from '@pk/contract';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY, type EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { DataSourceModal, TEST_CONNECTION_URL } from './DataSourceModal';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const res = <T,>(result: T, message: string, success = true): Result<T> => ({ success, code: success ? 200 : 500, message, result, timestamp: 0 });
const byRole = (role: string, name: string | RegExp) => screen.getByRole(role, { name, hidden: true });
const value = (name: string) => (byRole('textbox', name) as HTMLInputElement).value;
const type = (name: string, v: string) => fireEvent.change(byRole('textbox', name), { target: { value: v } });

function renderModal(record: EntityRow | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DataSourceModal entity={dataSourceEntity} open record={record} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, onClose };
}

beforeEach(() => {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'dataSource:testConnection', type: '1', describe: '测试连接' }]));
  mocked.get.mockImplementation(
    async (url: string) =>
      (url.includes('getDictItems')
        ? res(
            [
              { value: '4', text: 'MYSQL5.7+' },
              { value: '6', text: 'postgresql' },
              { value: '10', text: 'SQLite' },
            ],
            '',
          )
        : res(null, '该值可用！')) as never,
  );
});

afterEach(async () => {
  await closeAntdOverlays();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('DataSourceModal', () => {
  it('fills driver and example URL from the type, tests the connection with the typed password, and adds', async () => {
    mocked.post.mockImplementation(async (url: string) => (url === TEST_CONNECTION_URL ? res(null, '数据库连接成功') : res(null, '添加成功！')) as never);
    const { onSaved } = renderModal(null);
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['数据源编码', '数据源名称', '数据库类型', '驱动类', '数据源地址', '数据库名称', '用户名', '密码', '备注']);
    fireEvent.mouseDown(byRole('combobox', '数据库类型'));
    fireEvent.click(await screen.findByText('postgresql'));
    await waitFor(() => expect(value('驱动类')).toBe('org.postgresql.Driver'));
    expect(value('数据源地址')).toBe('jdbc:postgresql://127.0.0.1:5432/jeecg-boot');
    type('数据源编码', 'pg_main');
    type('数据源名称', '主库');
    type('用户名', 'postgres');
    fireEvent.change(document.querySelector('input[type=password]')!, { target: { value: 's3cret' } });
    fireEvent.click(byRole('button', '测 试'));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        TEST_CONNECTION_URL,
        expect.objectContaining({ dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/jeecg-boot', dbUsername: 'postgres', dbPassword: 's3cret' }),
      ),
    );
    expect(await screen.findByText('数据库连接成功')).toBeTruthy();
    fireEvent.click(byRole('button', /确\s*定/));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/sys/dataSource/add',
        expect.objectContaining({ code: 'pg_main', name: '主库', dbType: '6', dbPassword: 's3cret' }),
      ),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  }, 90_000); // many form changes: slow on a loaded 2-core machine

  it('edits without showing or sending a password unless one is typed; the test names the row', async () => {
    mocked.put.mockResolvedValue(res(null, '编辑成功!') as never);
    mocked.post.mockResolvedValue(res(null, '数据库连接失败：Access denied', false) as never);
    renderModal({
      id: '42',
      code: 'my',
      name: '业务库',
      dbType: '4',
      dbDriver: 'com.mysql.cj.jdbc.Driver',
      dbUrl: 'jdbc:mysql://127.0.0.1:3306/test',
      dbUsername: 'root',
    });
    expect((document.querySelector('input[type=password]') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('不修改请留空')).toBeTruthy();
    expect((byRole('textbox', '数据源编码') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(byRole('button', '测 试'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith(TEST_CONNECTION_URL, expect.objectContaining({ id: '42', dbType: '4' })));
    expect(mocked.post.mock.calls[0][1]).not.toHaveProperty('dbPassword');
    expect(await screen.findByText('数据库连接失败：Access denied')).toBeTruthy();
    fireEvent.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.put).toHaveBeenCalled());
    expect(mocked.put.mock.calls[0][0]).toBe('/sys/dataSource/edit');
    expect(mocked.put.mock.calls[0][1]).toMatchObject({ id: '42', name: '业务库' });
    expect(mocked.put.mock.calls[0][1]).not.toHaveProperty('dbPassword');
  }, 60_000);

  it('has no 测试 button without its permission', () => {
    sessionStorage.clear();
    renderModal(null);
    expect(screen.queryByRole('button', { name: '测 试', hidden: true })).toBeNull();
  });
});
