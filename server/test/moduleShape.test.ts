import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITY_MODULES } from '../src/modules/entityModules.js';

// Issue 11 point 2: one server module shape. A route file (`routes.ts` / `*.routes.ts` under server/src/modules) maps
// HTTP to service calls: no Kysely import and no query building (the queries live in `service.ts` / `*.service.ts`),
// and every route URL is written out in full, so `grep "sys/user/list" server/src` finds its definition. The engine's
// standard routes are `${entity.api}/list` … (core/crud/routes.ts): grep the entity's api (`'/sys/position'`).
const MODULES = path.resolve(__dirname, '../src/modules');

/** Plugins registered by modules/index.ts that do not follow the `xxxModule` naming (outside server/src/modules). */
const PLUGIN_NAME_EXCEPTIONS = ['vxeSocketRoutes'];

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...routeFiles(full));
    else if (/(^|\.)routes\.ts$/.test(e.name)) out.push(path.relative(MODULES, full).split(path.sep).join('/'));
  }
  return out.sort();
}

const SQL_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\s*\(/;
const KYSELY_IMPORT = /from\s+['"]kysely['"]/;

function hasSql(file: string): boolean {
  const text = fs.readFileSync(path.join(MODULES, file), 'utf8');
  return SQL_CALL.test(text) || KYSELY_IMPORT.test(text);
}

describe('module shape', () => {
  const files = routeFiles(MODULES);

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(15);
    expect(files).toContain('system/position/routes.ts');
  });

  it('route files hold no SQL: no kysely import, no selectFrom/insertInto/updateTable/deleteFrom', () => {
    expect(files.filter(hasSql), "move these queries into the module's service").toEqual([]);
  });

  it('route URLs are full literals, never built from templates or constants', () => {
    const built: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(MODULES, f), 'utf8');
      // A helper registering the same routes for two tables takes them as `urls.add` …, given literally at its call
      // sites (`{ add: '/sys/dict/add', … }`), so one grep still finds each endpoint.
      const literalAtCallSite = (line: string) => {
        const key = /(?:\(\s*|url:\s*)urls\.(\w+)/.exec(line)?.[1];
        return !!key && new RegExp(`\\b${key}: '/`).test(text);
      };
      text.split('\n').forEach((line, i) => {
        if (literalAtCallSite(line)) return;
        if (/\.(get|post|put|delete|patch|all)\(\s*[^'"\s)]/.test(line) && /^\s*(app|sub|scope|api|r)\.\w+\(/.test(line)) built.push(`${f}:${i + 1}`);
        if (/^\s*url:\s*[^'"\s]/.test(line)) built.push(`${f}:${i + 1}`);
      });
    }
    expect(built).toEqual([]);
  });

  it('every plugin modules/index.ts registers is named xxxModule', () => {
    const index = fs.readFileSync(path.join(MODULES, 'index.ts'), 'utf8');
    // the entity modules are registered from modules/entityModules.ts (ENTITY_MODULES)
    const entityPlugins = Object.values(ENTITY_MODULES).flatMap((m) => (typeof m === 'function' ? [m.name] : []));
    const names = [...[...index.matchAll(/app\.register\((\w+)/g)].map((m) => m[1]!), ...entityPlugins];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !n.endsWith('Module') && !PLUGIN_NAME_EXCEPTIONS.includes(n))).toEqual([]);
  });
});
