import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { defineEntity, ENTITIES, hasRoute, STANDARD_ROUTES, type Entity, type StandardRoute } from '@pk/contract';
import type { RouteAuth } from '../src/core/access/types.js';
import { camelToSnake } from '../src/core/query/index.js';
import { accessGuard } from '../src/core/access/guard.js';
import { createAuthenticator } from '../src/core/auth/authenticator.js';
import { ENTITY_MODULES, registerEntityModules } from '../src/modules/entityModules.js';
import { createTestContext, type TestContext } from './harness.js';
import { registeredRoutes } from './helpers/iamFixtures.js';

/**
 * Seeded menu components that have no page yet (they render the 404 page). A screen built later removes its line
 * here; the test fails both for a seeded component without a page that is not listed and for a listed one that
 * has a page now (or is no longer seeded), so the list stays exact.
 */
export const NOT_YET_BUILT: readonly string[] = [];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** The methods and path of each standard route under `entity.api` (what registerCrud registers). */
const ROUTE_METHODS: Readonly<Record<StandardRoute, readonly string[]>> = {
  list: ['GET'],
  queryById: ['GET'],
  add: ['POST'],
  edit: ['PUT', 'POST'],
  delete: ['DELETE'],
  deleteBatch: ['DELETE'],
  exportXls: ['GET'],
  importExcel: ['POST'],
};

/**
 * The page keys of web/src/views/registry.ts, read statically (it uses Vite's import.meta.glob): the explicit
 * `'x/Y': …` entries, the container layouts, the demo pages (pages/demo/*.tsx) and every entity with a menu block
 * (the generic list page of its definition).
 */
function pageKeys(): Set<string> {
  const src = read('web/src/views/registry.ts');
  const keys = new Set<string>();
  const views = src.slice(src.indexOf('export const views'));
  for (const m of views.matchAll(/^\s*'([^']+)':/gm)) keys.add(m[1]);
  const layouts = /CONTAINER_LAYOUTS = new Set\(\[([^\]]*)\]/.exec(src)?.[1] ?? '';
  for (const m of layouts.matchAll(/'([^']+)'/g)) keys.add(m[1]);
  if (src.includes("import.meta.glob<PageModule>(['../pages/demo/*.tsx'"))
    for (const f of fs.readdirSync(path.join(ROOT, 'web/src/pages/demo'))) if (/^[^.]+\.tsx$/.test(f)) keys.add(`demo/${f.slice(0, -4)}`);
  if (src.includes('...entityPages')) for (const e of ENTITIES) if (e.menu) keys.add(e.menu.component);
  return keys;
}

/**
 * Table names of the `Database` interface of server/src/db/schema.ts, with the game's `GameTables` (gameSchema.ts)
 * and the online forms' `OnlineTables` (onlineSchema.ts) it extends.
 */
function schemaTables(): Set<string> {
  const src = read('server/src/db/schema.ts');
  const body = /export interface Database(?: extends [\w, ]+)? \{([^}]*)\}/.exec(src)?.[1] ?? '';
  const game = /export interface GameTables \{([^}]*)\}/.exec(read('server/src/db/gameSchema.ts'))?.[1] ?? '';
  const online = /export interface OnlineTables \{([^}]*)\}/.exec(read('server/src/db/onlineSchema.ts'))?.[1] ?? '';
  return new Set([...`${body}\n${game}\n${online}`.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]));
}

const codesOf = (auth: RouteAuth | undefined) => (auth && typeof auth === 'object' ? auth.perms : []);

describe(`entity consistency (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestContext;
  let routes: Map<string, RouteAuth | undefined>;
  let seededComponents: string[];
  let dbTables: Map<string, Set<string>>;

  beforeAll(async () => {
    t = await createTestContext();
    routes = await registeredRoutes(t.ctx);
    const rows = await t.ctx.db.db.selectFrom('sys_permission').select('component').where('menu_type', '!=', 2).execute();
    seededComponents = [...new Set(rows.map((r) => r.component).filter((c): c is string => !!c))].sort();
    dbTables = new Map(
      (await t.ctx.db.db.introspection.getTables()).map((tb) => [tb.name.toLowerCase(), new Set(tb.columns.map((c) => c.name.toLowerCase()))]),
    );
  });
  afterAll(async () => t?.close());

  it('the static readers find the registry, the schema and the seed (so an empty answer cannot pass)', () => {
    const keys = pageKeys();
    for (const k of ['dashboard/Analysis', 'layouts/RouteView', 'demo/CronDemo', 'system/UserList', 'system/SysPositionList'])
      expect(keys.has(k), k).toBe(true);
    expect(schemaTables().has('sys_user')).toBe(true);
    expect(seededComponents.length).toBeGreaterThan(30);
    expect(routes.size).toBeGreaterThan(100);
  });

  it('every seeded menu component has a page, unless it is listed as not yet built', () => {
    const keys = pageKeys();
    const missing = seededComponents.filter((c) => !keys.has(c) && !NOT_YET_BUILT.includes(c));
    expect(missing, 'seeded menu components without a page (build it, or list it in NOT_YET_BUILT)').toEqual([]);
  });

  it('NOT_YET_BUILT is exact: each entry is seeded and still has no page', () => {
    const keys = pageKeys();
    expect(
      NOT_YET_BUILT.filter((c) => keys.has(c)),
      'built now: remove from NOT_YET_BUILT',
    ).toEqual([]);
    expect(
      NOT_YET_BUILT.filter((c) => !seededComponents.includes(c)),
      'not seeded: remove from NOT_YET_BUILT',
    ).toEqual([]);
    expect(new Set(NOT_YET_BUILT).size).toBe(NOT_YET_BUILT.length);
  });

  it('entity keys, permission prefixes, APIs and menu components are unique; the server map names only entities', () => {
    const dupes = (xs: Array<string | undefined>) => xs.filter((x, i) => x !== undefined && xs.indexOf(x) !== i);
    expect(dupes(ENTITIES.map((e) => e.key))).toEqual([]);
    expect(dupes(ENTITIES.map((e) => e.perm))).toEqual([]);
    expect(dupes(ENTITIES.map((e) => e.api))).toEqual([]);
    expect(dupes(ENTITIES.map((e) => e.menu?.component))).toEqual([]);
    expect(Object.keys(ENTITY_MODULES).filter((k) => !ENTITIES.some((e) => e.key === k))).toEqual([]);
  });

  it('an entity without a server module gets its standard routes from the plain binding (no server file)', async () => {
    const probe = defineEntity({
      key: 'plainProbe',
      title: '探针',
      api: '/test/plainProbe',
      table: 'sys_position',
      perm: 'plainProbe',
      fields: [{ prop: 'name', label: '名称', type: 'string', maxLength: 100 }],
    });
    expect(ENTITY_MODULES[probe.key]).toBeUndefined();
    const app = Fastify({ logger: false });
    app.decorate('ctx', t.ctx);
    app.decorate('authn', createAuthenticator(t.ctx));
    const seen = new Map<string, RouteAuth | undefined>();
    app.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') seen.set(`${m} ${r.url}`, (r.config as { auth?: RouteAuth } | undefined)?.auth);
    });
    await app.register(accessGuard);
    let twice: unknown = null;
    await app.register(async (sub) => {
      await registerEntityModules(sub, [probe]);
      // registered a second time (a module line left in modules/index.ts): a clear start-up error, not a silent skip
      await registerEntityModules(sub, [probe]).catch((e: unknown) => (twice = e));
    });
    await app.ready();
    expect(String(twice)).toContain('list its module in ENTITY_MODULES');
    await app.close();
    const expected = STANDARD_ROUTES.flatMap((r) => ROUTE_METHODS[r].map((m) => `${m} /test/plainProbe/${r}`));
    expect(expected.filter((k) => !seen.has(k))).toEqual([]);
    expect(codesOf(seen.get('POST /test/plainProbe/add'))).toEqual([probe.perms.add]);
  });

  describe.each(ENTITIES.map((e) => [e.key, e] as [string, Entity]))('%s', (_key, e) => {
    it('has a table in the migrations and in schema.ts, with a column for every field', () => {
      expect(e.table, `entity ${e.key} names no table`).toBeTruthy();
      expect(schemaTables().has(e.table!), `${e.table} missing from the Database interface of schema.ts`).toBe(true);
      const cols = dbTables.get(e.table!.toLowerCase());
      expect(cols, `${e.table} is not created by the migrations`).toBeDefined();
      expect(
        e.fields.map((f) => camelToSnake(f.prop)).filter((c) => !cols!.has(c)),
        `fields of ${e.key} without a column`,
      ).toEqual([]);
    });

    it('registers its standard routes under its api, each behind one of its permission codes', () => {
      const codes = new Set(Object.values(e.perms));
      const base = e.api.replace(/\/+$/, '');
      const problems: string[] = [];
      for (const r of STANDARD_ROUTES) {
        if (!hasRoute(e, r)) continue;
        for (const m of ROUTE_METHODS[r]) {
          const key = `${m} ${base}/${r}`;
          if (!routes.has(key)) problems.push(`${key} not registered`);
          else if (!codesOf(routes.get(key)).some((c) => codes.has(c))) problems.push(`${key} not behind a ${e.perm}:* code`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('its omitted routes are really absent (omitRoutes is not a way to hide a route from the checks)', () => {
      const base = e.api.replace(/\/+$/, '');
      const present = (e.omitRoutes ?? []).filter((r) => ROUTE_METHODS[r].some((m) => routes.has(`${m} ${base}/${r}`)));
      expect(present).toEqual([]);
    });

    it.runIf(!!e.menu)('its menu row and button rows are seeded with its codes', async () => {
      const menu = await t.ctx.db.db.selectFrom('sys_permission').selectAll().where('component', '=', e.menu!.component).where('menu_type', '!=', 2).execute();
      expect(menu.map((m) => [m.name, m.url, m.perms])).toEqual([[e.menu!.name, e.menu!.url, e.perms.list]]);
      const buttons = await t.ctx.db.db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menu[0].id).execute();
      const seeded = new Set([menu[0].perms, ...buttons.map((b) => b.perms)]);
      expect(Object.values(e.perms).filter((c) => !seeded.has(c))).toEqual([]);
    });
  });
});
