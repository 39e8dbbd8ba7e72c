import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { rbac, type Rbac } from './rbac.fixture.js';

/**
 * The texts every entity of the CRUD engine answers (contract §1.5 and each module's table): the engine's common
 * texts unless the entity's binding sets its own (`CrudBinding.messages`).
 *  - §6.6 categories: delete and deleteBatch both `删除成功!` (nodes with all descendants).
 *  - §12.2 roles: `删除角色成功` / `删除角色成功!`, deleteBatch without ids `未选中角色！`.
 *  - §12.4 positions: the common texts.
 */
interface Case {
  api: string;
  table: keyof Database & string;
  /** A new row's body (unique values from `n`), the column that finds it, and an edit body. */
  body(n: string): Record<string, unknown>;
  key: { column: string; value(n: string): string };
  edit: Record<string, unknown>;
  texts: { add: string; edit: string; delete: string; deleteBatch: string; noIds: string };
}

const CASES: Case[] = [
  {
    api: '/sys/category',
    table: 'sys_category',
    body: (n) => ({ pid: '0', name: `msgcat${n}` }),
    key: { column: 'name', value: (n) => `msgcat${n}` },
    edit: { name: 'msgcat-edited' },
    texts: { add: '添加成功！', edit: '修改成功!', delete: '删除成功!', deleteBatch: '删除成功!', noIds: '参数不识别！' },
  },
  {
    api: '/sys/role',
    table: 'sys_role',
    body: (n) => ({ roleName: `msgrole${n}`, roleCode: `msgrole${n}` }),
    key: { column: 'role_code', value: (n) => `msgrole${n}` },
    edit: { roleName: 'msgrole-edited' },
    texts: { add: '添加成功！', edit: '修改成功!', delete: '删除角色成功', deleteBatch: '删除角色成功!', noIds: '未选中角色！' },
  },
  {
    api: '/sys/position',
    table: 'sys_position',
    body: (n) => ({ code: `msgpos${n}`, name: `msgpos${n}`, postRank: '1' }),
    key: { column: 'code', value: (n) => `msgpos${n}` },
    edit: { name: 'msgpos-edited' },
    texts: { add: '添加成功！', edit: '修改成功!', delete: '删除成功!', deleteBatch: '批量删除成功！', noIds: '参数不识别！' },
  },
];

describe('CRUD engine: success texts per entity (contract §1.5, §6.6, §12.2, §12.4)', () => {
  let t: Rbac;
  let seq = 0;
  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  const create = async (c: Case): Promise<{ id: string; message: string }> => {
    const n = `${process.pid}x${++seq}`;
    const r = await t.call(t.admin, 'POST', `${c.api}/add`, c.body(n));
    expect(r.body.success, r.body.message).toBe(true);
    const db = t.ctx.db.db as any;
    const row = await db.selectFrom(c.table).select('id').where(c.key.column, '=', c.key.value(n)).executeTakeFirstOrThrow();
    return { id: row.id as string, message: r.body.message };
  };
  const exists = async (c: Case, id: string) => !!(await (t.ctx.db.db as any).selectFrom(c.table).select('id').where('id', '=', id).executeTakeFirst());

  it.each(CASES.map((c) => [c.api, c] as const))('%s: add, edit, delete, deleteBatch', async (_api, c) => {
    const a = await create(c);
    expect(a.message).toBe(c.texts.add);

    const e = await t.call(t.admin, 'PUT', `${c.api}/edit`, { id: a.id, ...c.edit });
    expect(e.body).toMatchObject({ success: true, message: c.texts.edit });

    const d = await t.call(t.admin, 'DELETE', `${c.api}/delete?id=${a.id}`);
    expect(d.body).toMatchObject({ success: true, message: c.texts.delete });
    expect(await exists(c, a.id)).toBe(false);

    const x = await create(c);
    const y = await create(c);
    const b = await t.call(t.admin, 'DELETE', `${c.api}/deleteBatch?ids=${x.id},${y.id},`);
    expect(b.body).toMatchObject({ success: true, message: c.texts.deleteBatch });
    expect([await exists(c, x.id), await exists(c, y.id)]).toEqual([false, false]);

    const none = await t.call(t.admin, 'DELETE', `${c.api}/deleteBatch?ids=`);
    expect(none.body).toMatchObject({ success: false, message: c.texts.noIds });
  });

  it('category deleteBatch removes the nodes with their descendants and answers 删除成功!', async () => {
    const c = CASES[0];
    const parent = await create(c);
    const child = await t.call(t.admin, 'POST', `${c.api}/add`, { pid: parent.id, name: `msgkid${process.pid}` });
    expect(child.body.success).toBe(true);
    const kid = await t.ctx.db.db.selectFrom('sys_category').select('id').where('pid', '=', parent.id).executeTakeFirstOrThrow();
    const r = await t.call(t.admin, 'DELETE', `${c.api}/deleteBatch?ids=${parent.id}`);
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect([await exists(c, parent.id), await exists(c, kid.id)]).toEqual([false, false]);
  });
});
