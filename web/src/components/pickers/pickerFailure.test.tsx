import { render as renderPlain, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Result } from '@pk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { DepartModal } from './DepartPicker';
import { TablePickerModal } from './TablePickerModal';
import { UserByDepartModal } from './UserByDepartModal';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const NO_AUTH = '没有权限，请联系管理员授权';
/** What the server answers a caller without the route's code (contract §1.3: HTTP 200, code 510). */
const refused = (): Result<never> => ({ success: false, code: 510, message: NO_AUTH, result: null as never, timestamp: 0 });
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const noop = () => undefined;
/** The pickers live in the signed-in layout, under its react-query client. */
const render = (ui: ReactNode) =>
  renderPlain(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

// A picker whose read is refused (510) says why in place of an empty list.
describe('pickers show the server message when their read is refused', () => {
  afterEach(() => vi.clearAllMocks());

  it('role / position table picker: 510 on the list', async () => {
    mocked.get.mockResolvedValue(refused());
    render(
      <TablePickerModal
        open
        title="选择角色"
        url="sys/role/list"
        valueField="roleCode"
        selected={[]}
        onOk={noop}
        onCancel={noop}
        searchFields={[{ name: 'roleCode', label: '角色编码' }]}
        columns={[{ title: '角色编码', dataIndex: 'roleCode' }]}
      />,
    );
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent(NO_AUTH);
    expect(mocked.get).toHaveBeenCalledWith('sys/role/list', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
  });

  it('the table picker lists rows when the read succeeds (no failure text)', async () => {
    mocked.get.mockResolvedValue(page([{ id: '1', roleCode: 'admin' }]));
    render(
      <TablePickerModal
        open
        title="选择角色"
        url="sys/role/list"
        valueField="roleCode"
        selected={[]}
        onOk={noop}
        onCancel={noop}
        searchFields={[]}
        columns={[{ title: '角色编码', dataIndex: 'roleCode' }]}
      />,
    );
    expect(await screen.findByText('admin')).toBeInTheDocument();
    expect(screen.queryByTestId('picker-failure')).toBeNull();
  });

  it('department picker: a refused tree shows the message', async () => {
    mocked.get.mockResolvedValue(refused());
    render(<DepartModal open selected={[]} onOk={noop} onCancel={noop} />);
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent(NO_AUTH);
  });

  it('department picker: the tree when it is readable', async () => {
    mocked.get.mockResolvedValue(ok([{ id: 'd1', key: 'd1', title: '总部', departName: '总部', orgCode: 'A01', parentId: '', isLeaf: true, children: null }]));
    render(<DepartModal open selected={[]} onOk={noop} onCancel={noop} />);
    expect(await screen.findByText('总部')).toBeInTheDocument();
    expect(screen.queryByTestId('picker-failure')).toBeNull();
  });

  it('user-by-department modal: refused tree and refused user list each say so', async () => {
    mocked.get.mockResolvedValue(refused());
    render(<UserByDepartModal open selected={[]} onOk={noop} onCancel={noop} />);
    await waitFor(() => expect(screen.getAllByTestId('picker-failure')).toHaveLength(2));
    for (const el of screen.getAllByTestId('picker-failure')) expect(el).toHaveTextContent(NO_AUTH);
  });
});
