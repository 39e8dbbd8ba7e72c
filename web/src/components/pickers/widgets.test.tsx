import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpError } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { AreaPicker } from './AreaPicker';
import { BusinessPicker } from './BusinessPicker';

vi.mock('../../api/request', async (orig) => ({
  HttpError: (await orig<typeof import('../../api/request')>()).HttpError,
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 5, current: 1, pages: 1 });
type Pos = { id: string; code: string; name: string };
const ROWS: Pos[] = [
  { id: 'p1', code: 'dev', name: '开发' },
  { id: 'p2', code: 'qa', name: '测试' },
];

afterEach(async () => {
  mocked.get.mockReset();
  await closeAntdOverlays();
});

function business(onChange = vi.fn(), value?: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BusinessPicker<Pos>
        title="选择职务"
        url="sys/position/list"
        valueField="code"
        textField="name"
        value={value}
        onChange={onChange}
        searchField={{ name: 'name', label: '职务名称' }}
        columns={[
          { title: '职务名称', dataIndex: 'name' },
          { title: '职务编码', dataIndex: 'code' },
        ]}
        testId="bp"
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '选择职务' }));
  return onChange;
}

// 001 §2 business-component picker: search + table (5 per page) on the left, chosen items with a per-row delete on the right.
describe('BusinessPicker', () => {
  it('reads 5 rows per page, adds clicked rows to the chosen table, deletes one, returns the values', async () => {
    mocked.get.mockResolvedValue(page(ROWS));
    const onChange = business();
    const modal = await screen.findByTestId('bp-modal');
    await within(modal).findByText('开发');
    expect(mocked.get).toHaveBeenCalledWith('sys/position/list', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 5, name: undefined });
    fireEvent.click(within(modal).getByText('开发'));
    fireEvent.click(within(modal).getByText('测试'));
    expect(within(modal).getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(within(modal).getAllByRole('button', { name: /^删 ?除$/ })[0]);
    expect(within(modal).getByText('已选择 1 项')).toBeInTheDocument();
    fireEvent.change(within(modal).getByPlaceholderText('请输入职务名称'), { target: { value: '测' } });
    fireEvent.click(within(modal).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(mocked.get).toHaveBeenLastCalledWith('sys/position/list', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 5, name: '*测*' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith('qa', [ROWS[1]]);
  });

  it('a rejected read (HTTP error) shows the reason in the empty list, with no unhandled rejection', async () => {
    mocked.get.mockRejectedValue(new HttpError('网络超时'));
    business();
    const modal = await screen.findByTestId('bp-modal');
    expect(await within(modal).findByTestId('picker-failure')).toHaveTextContent('网络超时');
  });

  it('a refused read (510) shows the server message', async () => {
    mocked.get.mockResolvedValue({ success: false, code: 510, message: '没有权限，请联系管理员授权', result: null, timestamp: 0 } as never);
    business();
    const modal = await screen.findByTestId('bp-modal');
    expect(await within(modal).findByTestId('picker-failure')).toHaveTextContent('没有权限，请联系管理员授权');
  });
});

// 001 §2 area picker: cascader by default, or select (province / city / district); §8 'Bad type value'.
describe('AreaPicker', () => {
  it('select mode: three selects, each enabled once its parent is chosen; a stored district shows its path', async () => {
    const { unmount } = render(<AreaPicker type="select" testId="as" />);
    const box = screen.getByTestId('as');
    const selects = () => [...box.querySelectorAll('.ant-select')];
    expect(selects()).toHaveLength(3);
    await waitFor(() => expect(box.querySelector('.ant-select-disabled')).not.toBeNull());
    expect(selects().map((s) => s.classList.contains('ant-select-disabled'))).toEqual([false, true, true]);
    unmount();
    render(<AreaPicker type="select" value="440106" testId="as2" />);
    const box2 = screen.getByTestId('as2');
    expect(await within(box2).findByText('广东省')).toBeInTheDocument();
    expect(within(box2).getByText('广州市')).toBeInTheDocument();
    expect(within(box2).getByText('天河区')).toBeInTheDocument();
    expect(box2.querySelectorAll('.ant-select-disabled')).toHaveLength(0);
  });

  it('select mode: choosing a province emits its code and name', async () => {
    const onChange = vi.fn();
    render(<AreaPicker type="select" testId="as" onChange={onChange} />);
    const first = screen.getByTestId('as').querySelector('.ant-select') as HTMLElement;
    await waitFor(() => expect(first.classList.contains('ant-select-loading')).toBe(false));
    fireEvent.mouseDown(first.querySelector('input') ?? first);
    fireEvent.click(await screen.findByTitle('北京市'));
    expect(onChange).toHaveBeenCalledWith('110000', '北京市');
  });

  it('cascader by default; an unknown type shows Bad type value', async () => {
    const { unmount } = render(<AreaPicker value="110108" testId="ac" />);
    expect(await screen.findByText('北京市 / 市辖区 / 海淀区')).toBeInTheDocument();
    unmount();
    render(<AreaPicker type="tree" />);
    expect(screen.getByText('Bad type value')).toBeInTheDocument();
  });
});
