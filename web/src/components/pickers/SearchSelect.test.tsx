import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { feedback } from '../feedback';
import { SearchSelect } from './SearchSelect';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const input = (c: HTMLElement) => c.querySelector('input') as HTMLInputElement;

beforeEach(() => {
  vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
});
afterEach(async () => {
  vi.restoreAllMocks();
  mocked.get.mockReset();
  await closeAntdOverlays();
});

// 001 §5: dict search hint 请输入搜索内容 and empty text 未找到数据; §8 a failed search shows the server message.
describe('SearchSelect texts', () => {
  it('hint before typing, 未找到数据 when the lookup finds nothing, the options when it does', async () => {
    mocked.get.mockResolvedValue(ok([]));
    const { container } = render(<SearchSelect dict="sys_user,realname,username" debounce={10} />);
    fireEvent.mouseDown(input(container));
    expect(await screen.findByText('请输入搜索内容')).toBeInTheDocument();
    fireEvent.change(input(container), { target: { value: 'zz' } });
    await waitFor(() =>
      expect(mocked.get).toHaveBeenCalledWith(`sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}`, { keyword: 'zz', pageSize: 10 }),
    );
    expect(await screen.findByText('未找到数据')).toBeInTheDocument();
    expect(screen.queryByText('请输入搜索内容')).toBeNull();
    mocked.get.mockResolvedValue(ok([{ value: 'zhangsan', text: '张三' }]));
    fireEvent.change(input(container), { target: { value: 'zh' } });
    expect(await screen.findByTitle('张三')).toBeInTheDocument();
    // clearing the keyword brings the hint back
    await act(async () => {
      fireEvent.change(input(container), { target: { value: '' } });
    });
    expect(await screen.findByText('请输入搜索内容')).toBeInTheDocument();
  });

  it('a refused search shows the server message as a warning', async () => {
    mocked.get.mockResolvedValue({ success: false, code: 500, message: '该字典未注册，不允许查询：x', result: null, timestamp: 0 } as never);
    const { container } = render(<SearchSelect dict="sys_user,realname,username" debounce={10} />);
    fireEvent.mouseDown(input(container));
    fireEvent.change(input(container), { target: { value: 'a' } });
    await waitFor(() => expect(feedback.message.warning).toHaveBeenCalledWith('该字典未注册，不允许查询：x'));
  });
});
