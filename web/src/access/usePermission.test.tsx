import { afterEach, describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { ALL_AUTH_KEY, Authorized, BUTTON_AUTH_KEY, hasAuth, readAllAuth, readButtonAuth, usePermission } from './usePermission';

const auth = [
  { action: 'position:add', type: '1', describe: '添加' },
  { action: 'position:edit, position:delete', type: '1', describe: '编辑删除' },
];
const allAuth = [
  { action: 'user:form:phone', type: '2', status: '1', describe: '手机号禁用' },
  { action: 'demo:t:add', type: '1', status: '1' },
  { action: 'demo:t:batch_delete', type: '1', status: '1' },
];

afterEach(() => sessionStorage.clear());

describe('the stored permission payload', () => {
  it('reads both lists the session store writes', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(auth));
    sessionStorage.setItem(ALL_AUTH_KEY, JSON.stringify(allAuth));
    expect(readButtonAuth()).toHaveLength(2);
    expect(readAllAuth()).toHaveLength(3);
    expect(hasAuth('position:add')).toBe(true);
    expect(hasAuth('position:exportXls')).toBe(false);
  });

  it('grants nothing when storage is empty', () => {
    expect(readButtonAuth()).toEqual([]);
    expect(hasAuth('position:add')).toBe(false);
  });
});

describe('usePermission and <Authorized>', () => {
  it('answers all rules from the stored lists', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(auth));
    sessionStorage.setItem(ALL_AUTH_KEY, JSON.stringify(allAuth));
    const { result } = renderHook(() => usePermission());
    expect(result.current.has('position:delete')).toBe(true);
    expect(result.current.hasAuth('position:importExcel')).toBe(false);
    expect(result.current.isDisabled('user:form:phone')).toBe(true);
    expect(result.current.buttonAllowed('demo:t', 'add')).toBe(false);
    expect(result.current.buttonAllowed('demo:t', 'remove')).toBe(false);
    expect(result.current.buttonAllowed(undefined, 'remove')).toBe(true);
  });

  it('renders children only when granted', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(auth));
    render(
      <>
        <Authorized action="position:add">
          <button>新增</button>
        </Authorized>
        <Authorized action="position:exportXls" fallback={<span>无权限</span>}>
          <button>导出</button>
        </Authorized>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.getByText('无权限')).toBeTruthy();
  });
});
