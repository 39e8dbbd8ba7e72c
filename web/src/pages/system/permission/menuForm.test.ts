import { describe, expect, it } from 'vitest';
import { toUiTree } from '../../../components/DepartTree';
import { newMenuValues, parentTree, requiredFields, toMenuBody, toMenuForm, visibleFields, type MenuNode } from './menuForm';

const node = (id: string, menuType: 0 | 1 | 2, children: MenuNode[] | null = null): MenuNode => ({
  id,
  key: id,
  title: id,
  parentId: null,
  name: id,
  perms: null,
  permsType: '1',
  icon: null,
  component: null,
  url: `/${id}`,
  redirect: null,
  sortNo: 1,
  menuType,
  route: true,
  keepAlive: false,
  alwaysShow: false,
  hidden: false,
  internalOrExternal: false,
  status: '1',
  children,
});

describe('menu form per type (contract §4.2)', () => {
  it('top-level menus have no parent and a redirect; sub-menus a parent; buttons perms and no route fields', () => {
    expect(visibleFields(0)).not.toContain('parentId');
    expect(visibleFields(0)).toContain('redirect');
    expect(visibleFields(1)).toEqual(expect.arrayContaining(['parentId', 'url', 'component', 'componentName', 'icon', 'keepAlive', 'internalOrExternal']));
    expect(visibleFields(1)).not.toContain('redirect');
    expect(visibleFields(2)).toEqual(['name', 'parentId', 'perms', 'permsType', 'sortNo', 'status']);
    expect(requiredFields(0)).toEqual(['name', 'url', 'component']);
    expect(requiredFields(1)).toContain('parentId');
    expect(requiredFields(2)).toEqual(['name', 'parentId']);
  });

  it('the body carries only the fields of the chosen type; a top-level menu sends parentId null', () => {
    const values = {
      menuType: 2 as const,
      name: ' 删除 ',
      parentId: 'm1',
      perms: 'x:delete',
      permsType: '2',
      status: '1',
      url: '/ignored',
      component: 'ignored',
    };
    expect(toMenuBody(values, 'b1')).toEqual({ menuType: 2, name: '删除', parentId: 'm1', perms: 'x:delete', permsType: '2', status: '1', id: 'b1' });
    const top = toMenuBody({ menuType: 0, name: '报表', url: '/report', component: 'layouts/RouteView', parentId: 'stale', perms: 'no' });
    expect(top).toEqual({ menuType: 0, name: '报表', url: '/report', component: 'layouts/RouteView', parentId: null });
  });

  it('an untouched componentName (not in the list DTO) is not sent; a typed one is', () => {
    const form = toMenuForm(node('m1', 1));
    expect(form.componentName).toBeUndefined();
    expect('componentName' in toMenuBody(form, 'm1')).toBe(false);
    expect(toMenuBody({ ...form, componentName: 'Foo' }, 'm1').componentName).toBe('Foo');
  });

  it('new values: defaults, and a child of a menu is a sub-menu under it', () => {
    expect(newMenuValues()).toMatchObject({ menuType: 0, route: true, permsType: '1', status: '1' });
    expect(newMenuValues({ id: 'p', menuType: 0 })).toMatchObject({ menuType: 1, parentId: 'p' });
  });

  it('parent choices exclude buttons and the node itself with its subtree', () => {
    const tree = toUiTree([node('sys', 0, [node('user', 1, [node('user:add', 2)]), node('role', 1)])]);
    const keys = (t: ReturnType<typeof parentTree>): string[] => t.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
    expect(keys(parentTree(tree))).toEqual(['sys', 'user', 'role']);
    expect(keys(parentTree(tree, 'user'))).toEqual(['sys', 'role']);
  });
});
