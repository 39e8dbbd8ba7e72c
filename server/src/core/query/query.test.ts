import { describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, PostgresDialect, MysqlDialect, type Compilable } from 'kysely';
import type { EntityDef } from '@pk/contract';
import { positionEntity } from '@pk/contract';
import { BadRequestError } from '../envelope/errors.js';
import { buildSort, buildWhere, compileCond, escapeLike, parseValueSyntax, querySpecOf, type Cond } from './index.js';

const entity: EntityDef = {
  key: 'demo',
  title: '演示',
  api: '/demo',
  perm: 'demo',
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'name', label: '名称', type: 'string', filter: 'like', sort: true },
    { prop: 'code', label: '编码', type: 'string', filter: 'eq', sort: true },
    { prop: 'age', label: '年龄', type: 'number', filter: 'eq', sort: true },
    { prop: 'birthday', label: '生日', type: 'date', filter: 'range' },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'secretNote', label: '备注', type: 'string' },
  ],
};
const spec = querySpecOf(entity);
const where = (p: Record<string, unknown>) => buildWhere(spec, p);
const bad = (fn: () => unknown, msg: string | RegExp) => {
  expect(fn).toThrow(BadRequestError);
  expect(fn).toThrow(msg);
};

describe('value syntax (contract §5.2)', () => {
  it.each([
    [',a,b,', { op: 'multi_like', values: ['a', 'b'] }],
    ['>= 5', { op: 'ge', value: '5' }],
    ['>=5', { op: 'ge', value: '5' }],
    ['<= 5', { op: 'le', value: '5' }],
    ['<=5', { op: 'le', value: '5' }],
    ['!= x', { op: 'ne', value: 'x' }],
    ['!=x', { op: 'ne', value: 'x' }],
    ['> 5', { op: 'gt', value: '5' }],
    ['>5', { op: 'gt', value: '5' }],
    ['< 5', { op: 'lt', value: '5' }],
    ['= x', { op: 'eq', value: 'x' }],
    ['*x*', { op: 'like', value: 'x' }],
    ['*x', { op: 'left_like', value: 'x' }],
    ['x*', { op: 'right_like', value: 'x' }],
    ['a,b', { op: 'in', values: ['a', 'b'] }],
    ['a,,b, ', { op: 'in', values: ['a', 'b'] }],
    ['!x', { op: 'ne', value: 'x' }],
    ['a++b', { op: 'eq', value: 'a,b' }],
    ['  plain  ', { op: 'plain', value: 'plain' }],
  ])('%s', (raw, expected) => {
    expect(parseValueSyntax(raw)).toEqual(expected);
  });

  it.each(['', '   ', ',', ',,', '*', '**', '>=', '!', '= '])('%j gives no condition', (raw) => {
    expect(parseValueSyntax(raw)).toBeNull();
  });
});

describe('buildWhere', () => {
  it('ignores undeclared and non-filterable parameters', () => {
    expect(where({ password: 'ab*', secretNote: 'x', pageNo: '1', column: 'name', _t: '1' })).toBeNull();
  });

  it('plain value on a like-mode field is a contains match; on an eq field an equality', () => {
    expect(where({ name: 'dev' })).toEqual({ kind: 'like', field: 'name', op: 'like', value: 'dev' });
    expect(where({ code: 'dev' })).toEqual({ kind: 'cmp', field: 'code', op: 'eq', value: 'dev' });
  });

  it('explicit syntax overrides the filter mode', () => {
    expect(where({ name: '!dev' })).toEqual({ kind: 'cmp', field: 'name', op: 'ne', value: 'dev' });
    expect(where({ code: '*ev*' })).toEqual({ kind: 'like', field: 'code', op: 'like', value: 'ev' });
    expect(where({ code: 'a,b' })).toEqual({ kind: 'in', field: 'code', values: ['a', 'b'] });
    expect(where({ code: ',a,b,' })).toEqual({
      kind: 'or',
      items: [
        { kind: 'like', field: 'code', op: 'like', value: 'a' },
        { kind: 'like', field: 'code', op: 'like', value: 'b' },
      ],
    });
  });

  it('numeric fields are typed and a non-number is a 400', () => {
    expect(where({ age: '>=18' })).toEqual({ kind: 'cmp', field: 'age', op: 'ge', value: 18 });
    expect(where({ age: '1,2' })).toEqual({ kind: 'in', field: 'age', values: [1, 2] });
    bad(() => where({ age: 'abc' }), '字段「年龄」的值不是数字');
    bad(() => where({ age: '>= 1x' }), '字段「年龄」的值不是数字');
    bad(() => where({ age: '*1*' }), '字段「年龄」不支持模糊查询');
  });

  it('ranges: begin/end, date-only widened for datetime fields', () => {
    expect(where({ createTime_begin: '2021-01-01', createTime_end: '2021-01-31' })).toEqual({
      kind: 'and',
      items: [
        { kind: 'cmp', field: 'createTime', op: 'ge', value: '2021-01-01 00:00:00' },
        { kind: 'cmp', field: 'createTime', op: 'le', value: '2021-01-31 23:59:59' },
      ],
    });
    expect(where({ createTime_begin: '2021-01-01 08:00:00' })).toEqual({ kind: 'cmp', field: 'createTime', op: 'ge', value: '2021-01-01 08:00:00' });
    expect(where({ birthday_begin: '2021-01-01' })).toEqual({ kind: 'cmp', field: 'birthday', op: 'ge', value: '2021-01-01' });
    bad(() => where({ createTime_begin: '2021/01/01' }), '字段「创建时间」的日期格式不正确');
    expect(where({ createTime_begin: '', createTime_end: '  ' })).toBeNull();
  });

  it('a bare date equality on a datetime field covers the day', () => {
    expect(where({ createTime: '2021-01-01' })).toEqual({
      kind: 'and',
      items: [
        { kind: 'cmp', field: 'createTime', op: 'ge', value: '2021-01-01 00:00:00' },
        { kind: 'cmp', field: 'createTime', op: 'le', value: '2021-01-01 23:59:59' },
      ],
    });
  });

  it('_MultiString is an IN list', () => {
    expect(where({ age_MultiString: '1,2,' })).toEqual({ kind: 'in', field: 'age', values: [1, 2] });
  });

  it('repeated parameters use the first value; objects are refused', () => {
    expect(where({ code: ['x', 'y'] })).toEqual({ kind: 'cmp', field: 'code', op: 'eq', value: 'x' });
    bad(() => where({ code: { a: 1 } }), '参数code格式不正确');
  });
});

describe('superQueryParams (contract §5.5)', () => {
  const enc = (v: unknown) => encodeURI(JSON.stringify(v));

  it('codes and symbols, and/or, empty conditions dropped', () => {
    const p = enc([
      { field: 'name', rule: 'like', val: 'a' },
      { field: 'age', rule: '>=', val: '3', type: 'int', dbType: 'int' },
      { field: 'code', rule: 'in', val: 'x,y' },
      { field: 'code', rule: 'eq', val: '' },
      { field: '', rule: 'eq', val: 'z' },
      { field: 'code', rule: '', val: 'z' },
    ]);
    expect(where({ superQueryParams: p, superQueryMatchType: 'OR' })).toEqual({
      kind: 'or',
      items: [
        { kind: 'like', field: 'name', op: 'like', value: 'a' },
        { kind: 'cmp', field: 'age', op: 'ge', value: 3 },
        { kind: 'in', field: 'code', values: ['x', 'y'] },
      ],
    });
    expect(where({ superQueryParams: p })?.kind).toBe('and');
    expect(where({ superQueryParams: p, superQueryMatchType: 'xor' })?.kind).toBe('and');
  });

  it.each([
    ['eq', 'eq'],
    ['=', 'eq'],
    ['ne', 'ne'],
    ['!=', 'ne'],
    ['gt', 'gt'],
    ['>', 'gt'],
    ['ge', 'ge'],
    ['>=', 'ge'],
    ['lt', 'lt'],
    ['<', 'lt'],
    ['le', 'le'],
    ['<=', 'le'],
  ])('rule %s → %s', (rule, op) => {
    expect(where({ superQueryParams: enc([{ field: 'code', rule, val: 'v' }]) })).toEqual({
      kind: 'and',
      items: [{ kind: 'cmp', field: 'code', op, value: 'v' }],
    });
  });

  it.each(['like', 'left_like', 'right_like', 'LIKE'])('rule %s', (rule) => {
    expect(where({ superQueryParams: enc([{ field: 'name', rule, val: '5%_' }]) })).toEqual({
      kind: 'and',
      items: [{ kind: 'like', field: 'name', op: rule.toLowerCase(), value: '5%_' }],
    });
  });

  it('plain (not URI-encoded) JSON is accepted too', () => {
    expect(where({ superQueryParams: JSON.stringify([{ field: 'code', rule: 'eq', val: '100%' }]) })).toEqual({
      kind: 'and',
      items: [{ kind: 'cmp', field: 'code', op: 'eq', value: '100%' }],
    });
  });

  it('unknown or non-filterable fields are a clear 400, not a silently dropped query', () => {
    bad(() => where({ superQueryParams: enc([{ field: 'password', rule: 'eq', val: 'x' }]) }), '高级查询字段不存在：password');
    bad(() => where({ superQueryParams: enc([{ field: 'secretNote', rule: 'eq', val: 'x' }]) }), '高级查询字段不存在：secretNote');
    bad(() => where({ superQueryParams: enc([{ field: 'code', rule: 'between', val: 'x' }]) }), '高级查询规则不正确：between');
  });

  it.each(['{', '{"field":"code"}', '[1]', '[[1]]', 'null1', '%E0%A4%A'])('malformed %s → 400', (raw) => {
    bad(() => where({ superQueryParams: raw }), '高级查询参数格式错误');
  });

  it('the group is ANDed with the normal filters', () => {
    const c = where({
      code: 'x',
      superQueryParams: enc([
        { field: 'name', rule: 'eq', val: 'a' },
        { field: 'name', rule: 'eq', val: 'b' },
      ]),
      superQueryMatchType: 'or',
    });
    expect(c).toEqual({
      kind: 'and',
      items: [
        { kind: 'cmp', field: 'code', op: 'eq', value: 'x' },
        {
          kind: 'or',
          items: [
            { kind: 'cmp', field: 'name', op: 'eq', value: 'a' },
            { kind: 'cmp', field: 'name', op: 'eq', value: 'b' },
          ],
        },
      ],
    });
  });
});

describe('sort whitelist (contract §5.4, security §1.1)', () => {
  const def = { column: 'create_time', order: 'desc' };
  it('declared sort fields in either order; _dictText stripped', () => {
    expect(buildSort(spec, { column: 'name', order: 'asc' })).toEqual({ column: 'name', order: 'asc' });
    expect(buildSort(spec, { column: 'createTime', order: 'DESC' })).toEqual({ column: 'create_time', order: 'desc' });
    expect(buildSort(spec, { column: 'age_dictText', order: 'asc' })).toEqual({ column: 'age', order: 'asc' });
  });
  it.each([
    [{}],
    [{ column: 'name' }],
    [{ column: 'secretNote', order: 'asc' }],
    [{ column: 'password', order: 'asc' }],
    [{ column: '(select 1)', order: 'asc' }],
    [{ column: 'id desc,(select 1)', order: 'asc' }],
    [{ column: 'name', order: 'desc;' }],
    [{ column: 'name', order: 'asc, (select 1)' }],
    [{ column: { x: 1 }, order: 'asc' }],
  ])('%j → default', (p) => {
    expect(buildSort(spec, p)).toEqual(def);
  });
  it('positions sort by post_rank', () => {
    expect(buildSort(querySpecOf(positionEntity), { column: 'postRank_dictText', order: 'asc' })).toEqual({ column: 'post_rank', order: 'asc' });
  });
});

describe('compile to SQL', () => {
  // Compile only: the dialects need no connection to build SQL text.
  const dbs = {
    sqlite: new Kysely<any>({ dialect: new SqliteDialect({ database: {} as never }) }),
    postgres: new Kysely<any>({ dialect: new PostgresDialect({ pool: {} as never }) }),
    mysql: new Kysely<any>({ dialect: new MysqlDialect({ pool: {} as never }) }),
  };
  const compile = (dialect: keyof typeof dbs, c: Cond) => {
    const q: Compilable = dbs[dialect]
      .selectFrom('t')
      .select('id')
      .where((eb) => compileCond(eb, c, spec, dialect));
    return q.compile();
  };

  it('escapes LIKE metacharacters and uses an explicit ESCAPE clause', () => {
    expect(escapeLike('a%b_c!d')).toBe('a!%b!_c!!d');
    const c: Cond = { kind: 'like', field: 'name', op: 'right_like', value: '50%_off' };
    const s = compile('sqlite', c);
    expect(s.sql).toBe(`select "id" from "t" where "name" LIKE ? ESCAPE '!'`);
    expect(s.parameters).toEqual(['50!%!_off%']);
    expect(compile('postgres', c).sql).toBe(`select "id" from "t" where "name" ILIKE $1 ESCAPE '!'`);
    expect(compile('mysql', c).sql).toBe("select `id` from `t` where `name` LIKE ? ESCAPE '!'");
  });

  it('PostgreSQL ignores case with ILIKE, and uses the cheaper LIKE for a value that has no case', () => {
    const c = (value: string): Cond => ({ kind: 'like', field: 'name', op: 'like', value });
    expect(compile('postgres', c('Abc')).sql).toBe(`select "id" from "t" where "name" ILIKE $1 ESCAPE '!'`);
    expect(compile('postgres', c('张三 007')).sql).toBe(`select "id" from "t" where "name" LIKE $1 ESCAPE '!'`);
  });

  it('columns come from the definition and values are bound', () => {
    const c = where({ createTime_begin: '2021-01-01', age: '1,2', name: "x' or 1=1 --" })!;
    const s = compile('postgres', c);
    expect(s.sql).toBe(`select "id" from "t" where ("name" ILIKE $1 ESCAPE '!' and "age" in ($2, $3) and "create_time" >= $4)`);
    expect(s.parameters).toEqual(["%x' or 1=1 --%", 1, 2, '2021-01-01 00:00:00']);
  });

  it('or groups are parenthesised', () => {
    const s = compile('sqlite', {
      kind: 'or',
      items: [
        { kind: 'cmp', field: 'code', op: 'ne', value: 'a' },
        { kind: 'cmp', field: 'age', op: 'lt', value: 3 },
      ],
    });
    expect(s.sql).toBe(`select "id" from "t" where ("code" <> ? or "age" < ?)`);
  });
});
