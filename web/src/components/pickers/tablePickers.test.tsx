import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { PositionPicker } from './PositionPicker';
import { RolePicker } from './RolePicker';
import { UserPicker } from './UserPicker';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const USERS = [
  { id: 'u1', username: 'zhangsan', realname: '张三', sex: 1, phone: '13800000001', birthday: '1990-05-01' },
  { id: 'u2', username: 'lisi', realname: '李四', sex: 2, birthday: '1985-12-31' },
];
const ROLES = [{ id: 'r1', roleName: '管理员', roleCode: 'admin' }];
const POSITIONS = [{ id: 'p1', name: '研发部经理', code: 'devleader', postRank: '3', postRank_dictText: '中级', rank_dictText: '中级' }];

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
const headers = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === 'sys/user/queryUserComponentData') return page(USERS);
    if (url === 'sys/role/list') return page(ROLES);
    if (url === 'sys/position/list') return page(POSITIONS);
    if (url.includes('getDictItems/sex'))
      return ok([
        { value: '1', text: '男' },
        { value: '2', text: '女' },
      ]);
    return ok([]);
  });
});
afterEach(async () => {
  vi.clearAllMocks();
  await closeAntdOverlays();
});

// 001 §2: the user, role and position pickers — their reads, columns and the values they return.
describe('UserPicker', () => {
  it('reads the user directory and shows account, real name, phone, birthday; filters account, sex and birthday', async () => {
    wrap(<UserPicker defaultOpen testId="up" />);
    const modal = await screen.findByTestId('up-modal');
    expect(await within(modal).findByText('zhangsan')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith('sys/user/queryUserComponentData', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    expect(mocked.get.mock.calls.some(([u]) => u === 'sys/user/list')).toBe(false);
    expect(headers(modal)).toEqual(['用户账号', '用户姓名', '电话', '生日']);
    expect(within(modal).getByText('13800000001')).toBeInTheDocument();
    expect(within(modal).getByText('1990-05-01')).toBeInTheDocument();
    for (const label of ['账号', '性别', '生日']) expect(within(modal).getAllByText(label).length).toBeGreaterThan(0);
    fireEvent.change(within(modal).getByPlaceholderText('请输入账号'), { target: { value: 'zh' } });
    press('查询'); // the one search form: its icon keeps antd from spacing the two characters
    await waitFor(() =>
      expect(mocked.get).toHaveBeenLastCalledWith('sys/user/queryUserComponentData', {
        column: 'createTime',
        order: 'desc',
        pageNo: 1,
        pageSize: 10,
        username: '*zh*',
      }),
    );
  });

  it('returns the usernames as the value and the rows with id and username', async () => {
    const onChange = vi.fn();
    wrap(<UserPicker defaultOpen testId="up" onChange={onChange} />);
    const modal = await screen.findByTestId('up-modal');
    fireEvent.click(await within(modal).findByText('张三'));
    fireEvent.click(within(modal).getByText('李四'));
    press('确 定');
    expect(onChange).toHaveBeenCalledTimes(1);
    const [value, rows] = onChange.mock.calls[0];
    expect(value).toBe('zhangsan,lisi');
    expect(rows.map((r: { id: string; username: string }) => [r.id, r.username])).toEqual([
      ['u1', 'zhangsan'],
      ['u2', 'lisi'],
    ]);
  });
});

describe('RolePicker', () => {
  it('lists roleName and roleCode from the role list and returns role codes with id and roleCode', async () => {
    const onChange = vi.fn();
    wrap(<RolePicker defaultOpen testId="rp" onChange={onChange} />);
    const modal = await screen.findByTestId('rp-modal');
    fireEvent.click(await within(modal).findByText('管理员'));
    expect(mocked.get).toHaveBeenCalledWith('sys/role/list', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    expect(headers(modal)).toEqual(['角色名称', '角色编码']);
    press('确 定');
    const [value, rows] = onChange.mock.calls[0];
    expect(value).toBe('admin');
    expect(rows[0]).toMatchObject({ id: 'r1', roleCode: 'admin' });
  });

  it('labels stored role codes through sys_role,role_name,role_code after a reload', async () => {
    mocked.get.mockResolvedValue(ok(['管理员']));
    wrap(<RolePicker value="admin" />);
    expect(await screen.findByText('管理员')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith(`sys/dict/loadDictItem/${encodeURIComponent('sys_role,role_name,role_code')}`, {
      key: 'admin',
      delNotExist: false,
    });
  });
});

describe('PositionPicker', () => {
  it('shows name, code and the rank as rank_dictText; returns position codes', async () => {
    const onChange = vi.fn();
    wrap(<PositionPicker defaultOpen testId="pp" onChange={onChange} />);
    const modal = await screen.findByTestId('pp-modal');
    expect(await within(modal).findByText('中级')).toBeInTheDocument();
    expect(headers(modal)).toEqual(['职务名称', '职务编码', '职级']);
    fireEvent.click(within(modal).getByText('研发部经理'));
    press('确 定');
    expect(onChange.mock.calls[0][0]).toBe('devleader');
  });

  it('the rank column reads rank_dictText, not postRank_dictText', async () => {
    mocked.get.mockImplementation(async (url: string) =>
      url === 'sys/position/list' ? page([{ ...POSITIONS[0], postRank_dictText: '别名', rank_dictText: '中级' }]) : ok([]),
    );
    wrap(<PositionPicker defaultOpen testId="pp" />);
    const modal = await screen.findByTestId('pp-modal');
    expect(await within(modal).findByText('中级')).toBeInTheDocument();
    expect(within(modal).queryByText('别名')).toBeNull();
  });
});

// Role and position pickers stay on their guarded lists (001 §7): a 510 shows the server's message in the modal.
describe('role and position pickers without the list code', () => {
  it('show the 510 message in place of the rows', async () => {
    mocked.get.mockResolvedValue({ success: false, code: 510, message: '没有权限，请联系管理员授权', result: null, timestamp: 0 } as never);
    const { unmount } = wrap(<RolePicker defaultOpen testId="rp" />);
    expect(await within(await screen.findByTestId('rp-modal')).findByTestId('picker-failure')).toHaveTextContent('没有权限，请联系管理员授权');
    unmount();
    wrap(<PositionPicker defaultOpen testId="pp" />);
    expect(await within(await screen.findByTestId('pp-modal')).findByTestId('picker-failure')).toHaveTextContent('没有权限，请联系管理员授权');
  });
});

// useLabels: one unknown value must not hide the other labels (loadDictItem delNotExist=false keeps positions).
describe('picker labels', () => {
  it('asks with delNotExist=false and labels every known value even when one is unknown', async () => {
    mocked.get.mockResolvedValue(ok(['张三', 'ghost', '李四']));
    wrap(<UserPicker value="zhangsan,ghost,lisi" />);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.getByText('李四')).toBeInTheDocument();
    expect(screen.getByText('ghost')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith(`sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}`, {
      key: 'zhangsan,ghost,lisi',
      delNotExist: false,
    });
  });

  it('a reply that does not line up with the keys is not used (raw values stay)', async () => {
    mocked.get.mockResolvedValue(ok(['张三']));
    wrap(<UserPicker value="zhangsan,lisi" />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('zhangsan')).toBeInTheDocument();
    expect(screen.queryByText('张三')).toBeNull();
  });
});
