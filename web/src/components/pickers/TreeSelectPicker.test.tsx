import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { feedback } from '../feedback';
import { TreeSelectPicker } from './TreeSelectPicker';

vi.mock('../../api/request', async (orig) => ({
  HttpError: (await orig<typeof import('../../api/request')>()).HttpError,
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const mocked = vi.mocked(http);
const ROOTS = [{ key: 'c1', title: '游戏类型', leaf: false, parentId: '0' }];
/** Opens the dropdown of the tree select. */
const open = (el: HTMLElement) => fireEvent.mouseDown(el.querySelector('.ant-select') ?? el);

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  error = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
  vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
});
afterEach(async () => {
  vi.restoreAllMocks();
  mocked.get.mockReset();
  await closeAntdOverlays();
});

// 001 §5: the tree select's condition must be a JSON object string, else the error — and then nothing is loaded.
describe('TreeSelectPicker condition', () => {
  it('a bad condition shows the §5 error and loads nothing at all', async () => {
    mocked.get.mockResolvedValue(ok(ROOTS));
    render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" condition="[1]" />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('组件JTreeSelect-condition传值有误，需要一个json字符串!'));
    await new Promise((r) => setTimeout(r, 50));
    expect(mocked.get).not.toHaveBeenCalled();
  });

  it('without a condition the root level is read; a good condition is sent as is', async () => {
    mocked.get.mockResolvedValue(ok(ROOTS));
    const { unmount } = render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" />);
    await waitFor(() =>
      expect(mocked.get).toHaveBeenCalledWith('sys/dict/loadTreeData', {
        pid: '0',
        tableName: 'sys_category',
        text: 'name',
        code: 'id',
        pidField: 'pid',
        hasChildField: 'has_child',
        condition: '',
      }),
    );
    unmount();
    mocked.get.mockClear();
    render(<TreeSelectPicker dict="sys_category,name,code" pidField="pid" condition='{"code":"A02%"}' />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    expect(mocked.get.mock.calls[0][1]).toMatchObject({ pid: '', condition: '{"code":"A02%"}', hasChildField: '' });
    expect(error).not.toHaveBeenCalled();
  });
});

describe('TreeSelectPicker stored value', () => {
  it('shows the text of a stored value from loadDictItem, not its raw key, before the branch is expanded', async () => {
    mocked.get.mockImplementation(async (url: string) => (url.startsWith('sys/dict/loadDictItem/') ? ok(['武器']) : ok(ROOTS)));
    render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" value="c11" />);
    expect(await screen.findByText('武器')).toBeInTheDocument();
    expect(screen.queryByText('c11')).toBeNull();
    expect(mocked.get).toHaveBeenCalledWith(`sys/dict/loadDictItem/${encodeURIComponent('sys_category,name,id')}`, { key: 'c11', delNotExist: false });
  });

  it('a value among the loaded nodes needs no lookup', async () => {
    mocked.get.mockResolvedValue(ok(ROOTS));
    render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" value="c1" />);
    expect(await screen.findByText('游戏类型')).toBeInTheDocument();
    expect(mocked.get.mock.calls.every(([u]) => u === 'sys/dict/loadTreeData')).toBe(true);
  });
});

// An HTTP error must not become an unhandled rejection: the tree stays empty and says why.
describe('TreeSelectPicker read failures', () => {
  it('a rejected root read shows the reason in the empty tree', async () => {
    mocked.get.mockRejectedValue(new HttpError('网络超时'));
    const { container } = render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" testId="ts" />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    open(container);
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent('网络超时');
  });

  it('a refused read shows the server message', async () => {
    mocked.get.mockResolvedValue({ success: false, code: 510, message: '没有权限，请联系管理员授权', result: null, timestamp: 0 } as never);
    const { container } = render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    open(container);
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent('没有权限，请联系管理员授权');
  });
});
