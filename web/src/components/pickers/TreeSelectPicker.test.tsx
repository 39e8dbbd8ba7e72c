import { render, waitFor } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { feedback } from '../feedback';
import { TreeSelectPicker } from './TreeSelectPicker';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const mocked = vi.mocked(http);

// 001 §5: the tree select's condition must be a JSON object string, else the error; the call goes out without it.
describe('TreeSelectPicker condition', () => {
  afterEach(() => vi.clearAllMocks());

  it('a bad condition shows the §5 error and is not sent; a good one is sent as is', async () => {
    const error = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
    mocked.get.mockResolvedValue(ok([]));
    const { unmount } = render(<TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" condition="[1]" />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    expect(error).toHaveBeenCalledWith('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect(mocked.get).toHaveBeenCalledWith('sys/dict/loadTreeData', {
      pid: '0', tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', hasChildField: 'has_child', condition: '',
    });
    unmount();
    mocked.get.mockClear();
    render(<TreeSelectPicker dict="sys_category,name,code" pidField="pid" condition='{"code":"A02%"}' />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    expect(mocked.get.mock.calls[0][1]).toMatchObject({ pid: '', condition: '{"code":"A02%"}', hasChildField: '' });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
