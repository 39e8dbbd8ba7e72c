import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import { lookupPickerLabels, pickerLabels } from './options';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

afterEach(() => {
  vi.clearAllMocks();
  pickerLabels.clear();
});

describe('lookupPickerLabels', () => {
  it('asks for one text per value (delNotExist=false), so an unknown user hides no other label', async () => {
    // the server answers an unknown key as itself when delNotExist=false, and drops it otherwise
    get.mockImplementation(
      async (_url: string, params?: Record<string, unknown>) =>
        ({ success: true, code: 200, message: '', timestamp: 0, result: params?.delNotExist === false ? ['杰克', 'ghost'] : ['杰克'] }) as never,
    );
    await lookupPickerLabels('user', ['jack', 'ghost']);
    expect(get).toHaveBeenCalledWith(`sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}`, { key: 'jack,ghost', delNotExist: false });
    expect(pickerLabels.get('user:jack')).toBe('杰克');
  });
});
