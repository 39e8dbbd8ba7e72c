import { describe, expect, it } from 'vitest';
import { documentTitle } from './useDocumentTitle';
import type { AppRoute } from '../access/types';

const routes = [{ path: '/isystem/position', name: 'isystem-position', meta: { title: '职务管理' } }] as unknown as AppRoute[];

describe('documentTitle (000 §2)', () => {
  it('the home page shows the system title alone', () => {
    expect(documentTitle('/dashboard/analysis', routes)).toBe('海盗王后台管理系统');
    expect(documentTitle('/', routes)).toBe('海盗王后台管理系统');
  });
  it('other pages show "{page title} · {system title}"', () => {
    expect(documentTitle('/isystem/position', routes)).toBe('职务管理 · 海盗王后台管理系统');
    expect(documentTitle('/user/login', null)).toBe('登录 · 海盗王后台管理系统');
  });
  it('an unknown path falls back to the system title', () => {
    expect(documentTitle('/nowhere', routes)).toBe('海盗王后台管理系统');
  });
});
