import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareContext, type PreparedContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { createEmptyDatabase, NO_LOAD_SHEDDING, testDialect, TEST_ADMIN_PASSWORD, TEST_JWT_SECRET } from './harness.js';

/**
 * Any number of nodes may start at once on an empty database (issue 23 point 6): migrations, the shared secret and
 * the seed run under one database-wide lock, so the three starts below all succeed and the seed is written once.
 * (Without the lock two of three died on duplicate keys in the seed.)
 */
const dialect = testDialect();

describe(`three nodes starting at once on an empty ${dialect} database`, () => {
  it('all start, the schema is migrated once and the seed written once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-start3-'));
    const database = await createEmptyDatabase(dialect, dir);
    const started: PreparedContext[] = [];
    try {
      const config = (n: number) =>
        loadConfig({
          DATA_DIR: path.join(dir, `node${n}`),
          DATABASE_URL: database.url,
          ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          // no JWT_SECRET for one node: the shared secret is made once in the database too
          JWT_SECRET: n === 0 ? undefined : TEST_JWT_SECRET,
          LOG_LEVEL: 'silent',
          ...NO_LOAD_SHEDDING,
        });
      const results = await Promise.allSettled([0, 1, 2].map((n) => prepareContext(config(n))));
      for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      const db = started[0]!.ctx.db.db;
      const admins = await db
        .selectFrom('sys_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(Number(admins.n)).toBe(1);
      const roles = await db
        .selectFrom('sys_role')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const again = await db.selectFrom('sys_role').select('role_code').execute();
      expect(new Set(again.map((r) => r.role_code)).size).toBe(Number(roles.n)); // no role seeded twice
      const secrets = await db.selectFrom('sys_secret').selectAll().execute();
      expect(secrets.length).toBeGreaterThan(0);
    } finally {
      for (const p of started) await p.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
