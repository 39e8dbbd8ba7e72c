import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { GrantTree } from './GrantTree';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => vi.clearAllMocks());

const ok = (result: unknown, message = '') => ({ success: true, code: 200, message, timestamp: 0, result }) as never;
const node = (key: string, title: string, ruleFlag: number) => ({ key, value: key, title, ruleFlag, isLeaf: true, children: null });
const rule = (id: string, ruleName: string) => ({ id, ruleName, ruleColumn: 'code', ruleConditions: '=', ruleValue: id });

function serve(dataRuleReply: unknown) {
  vi.mocked(http.get).mockImplementation(async (url: string) => {
    if (url.endsWith('/queryTreeListForDeptRole') || url.endsWith('/queryTreeList'))
      return ok({ treeList: [node('m-pos', '职务管理', 1), node('m-plain', '无规则菜单', 0)], ids: ['m-pos', 'm-plain'] });
    if (url.endsWith('/queryDeptRolePermission') || url.endsWith('/queryDepartPermission')) return ok(['m-pos']);
    if (url.includes('/datarule/')) return dataRuleReply as never;
    throw new Error(`unexpected GET ${url}`);
  });
  vi.mocked(http.post).mockResolvedValue(ok(null, '保存成功!'));
}

const renderTree = (kind: 'depart' | 'deptRole') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GrantTree kind={kind} departId="dep-1" targetId={kind === 'depart' ? 'dep-1' : 'role-1'} canSave />
    </QueryClientProvider>,
  );

// The department-role (and department) authorisation tree shares DataRulePicker with the role drawer, on its own endpoints.
describe('GrantTree data rules', () => {
  it('department role: offers the department-granted rules of a menu and saves the choice on /sys/sysDepartRole/datarule', async () => {
    serve(ok({ datarule: [rule('r-a', '只看组长'), rule('r-b', '只看本部门')], drChecked: 'r-b' }));
    renderTree('deptRole');
    const filter = await screen.findByRole('button', { name: '职务管理数据规则' });
    expect(screen.queryByRole('button', { name: '无规则菜单数据规则' })).toBeNull();
    fireEvent.click(filter);
    const picker = await screen.findByTestId('data-rule-picker');
    expect(http.get).toHaveBeenCalledWith('/sys/sysDepartRole/datarule/m-pos/dep-1/role-1');
    const a = await within(picker).findByRole('checkbox', { name: '只看组长' });
    const b = within(picker).getByRole('checkbox', { name: '只看本部门' });
    expect(a).not.toBeChecked();
    expect(b).toBeChecked();
    fireEvent.click(a);
    fireEvent.click(within(picker).getByRole('button', { name: '点击确定' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/sys/sysDepartRole/datarule', {
        permissionId: 'm-pos',
        departId: 'dep-1',
        roleId: 'role-1',
        dataRuleIds: 'r-a,r-b',
      }),
    );
  });

  it('department role without granted rules: the server message is shown', async () => {
    serve({ success: false, code: 500, message: '未找到权限配置信息', timestamp: 0, result: null });
    renderTree('deptRole');
    fireEvent.click(await screen.findByRole('button', { name: '职务管理数据规则' }));
    const picker = await screen.findByTestId('data-rule-picker');
    expect(await within(picker).findByText('未找到权限配置信息')).toBeTruthy();
    expect(within(picker).queryByRole('button', { name: '点击确定' })).toBeNull();
  });

  it('department: the same picker on /sys/sysDepartPermission/datarule', async () => {
    serve(ok({ datarule: [rule('r-a', '只看组长')] }));
    renderTree('depart');
    fireEvent.click(await screen.findByRole('button', { name: '职务管理数据规则' }));
    const picker = await screen.findByTestId('data-rule-picker');
    expect(http.get).toHaveBeenCalledWith('/sys/sysDepartPermission/datarule/m-pos/dep-1');
    fireEvent.click(await within(picker).findByRole('checkbox', { name: '只看组长' }));
    fireEvent.click(within(picker).getByRole('button', { name: '点击确定' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/sys/sysDepartPermission/datarule', { permissionId: 'm-pos', departId: 'dep-1', dataRuleIds: 'r-a' }),
    );
  });
});

describe('GrantTree toolbar', () => {
  it('全部勾选 then 保存 grants every menu (the last grant sent along); 取消全选 clears every box', async () => {
    serve(ok({ datarule: [] }));
    renderTree('depart');
    await screen.findByRole('button', { name: '职务管理数据规则' });
    await waitFor(() => expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '全部勾选' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/sys/permission/saveDepartPermission', {
        departId: 'dep-1',
        permissionIds: 'm-pos,m-plain',
        lastpermissionIds: 'm-pos',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });
});
