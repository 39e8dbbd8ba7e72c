import { describe, expect, it } from 'vitest';
import { allKeys, parentMap, subtreeKeys, toAuthTree, toggleStrict } from './authTree';

const tree = toAuthTree([
  {
    key: 'sys',
    value: 'sys',
    title: null,
    slotTitle: '系统管理',
    ruleFlag: 0,
    children: [
      {
        key: 'user',
        value: 'user',
        slotTitle: '用户管理',
        ruleFlag: 1,
        children: [
          { key: 'add', value: 'add', slotTitle: '添加按钮', children: null },
          { key: 'del', value: 'del', slotTitle: '删除', children: null },
        ],
      },
    ],
  },
  { key: 'home', value: 'home', slotTitle: '首页', children: [] },
]);

describe('role authorisation tree', () => {
  it('takes the name from slotTitle and flags menus with data rules', () => {
    expect(tree[0].title).toBe('系统管理');
    expect(tree[0].children![0]).toMatchObject({ title: '用户管理', hasDataRule: true });
    expect(tree[0].hasDataRule).toBe(false);
    expect(tree[1]).not.toHaveProperty('children');
  });

  it('lists keys, parents and subtrees', () => {
    expect(allKeys(tree)).toEqual(['sys', 'user', 'add', 'del', 'home']);
    expect(parentMap(tree).get('add')).toBe('user');
    expect(parentMap(tree).has('sys')).toBe(false);
    expect(subtreeKeys(tree, 'user')).toEqual(['user', 'add', 'del']);
    expect(subtreeKeys(tree, 'nope')).toEqual([]);
  });

  it('checking a button checks its menu and folder, not its siblings', () => {
    expect(toggleStrict(tree, [], 'add', true).sort()).toEqual(['add', 'sys', 'user']);
  });

  it('unchecking a menu unchecks its buttons and keeps the rest', () => {
    expect(toggleStrict(tree, ['sys', 'user', 'add', 'del', 'home'], 'user', false).sort()).toEqual(['home', 'sys']);
  });
});
