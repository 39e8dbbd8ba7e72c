import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { crudLogSpec, operateTypeOf } from './spec.js';
import { PARAM_MAX_CHARS, requestParamOf } from './requestParam.js';

const req = (query: unknown, body: unknown, multipart = false) => ({ query, body, isMultipart: () => multipart }) as unknown as FastifyRequest;

describe('requestParamOf', () => {
  it('masks secret-looking keys at any depth and keeps the rest', () => {
    const text = requestParamOf(
      req({ id: '1', token: 't' }, { username: 'a', password: 'p', nested: { oldpassword: 'o', apiKey: 'k', name: 'n' }, checkKey: 'c' }),
    )!;
    expect(JSON.parse(text)).toEqual({
      id: '1',
      token: '******',
      username: 'a',
      password: '******',
      nested: { oldpassword: '******', apiKey: '******', name: 'n' },
      checkKey: '******',
    });
  });

  it('leaves out file bodies and long values, caps the text, and keeps a __proto__ key a plain key', () => {
    expect(JSON.parse(requestParamOf(req({ a: '1' }, undefined, true))!)).toEqual({ a: '1', 文件: '(文件内容已省略)' });
    expect(JSON.parse(requestParamOf(req({}, { img: 'x'.repeat(600) }))!)).toEqual({ img: '(已省略600个字符)' });
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, 'v'.repeat(20)]));
    const capped = requestParamOf(req({}, many))!;
    expect(capped.length).toBe(PARAM_MAX_CHARS);
    expect(capped.endsWith('…')).toBe(true);
    const proto = JSON.parse(requestParamOf(req({}, JSON.parse('{"__proto__":{"x":1}}')))!) as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(requestParamOf(req({}, undefined))).toBeNull();
  });
});

describe('log texts', () => {
  it('CRUD actions read as the original @AutoLog texts; reads are not logged', () => {
    expect(crudLogSpec({ title: '职务' }, 'add')).toEqual({ content: '职务-添加', operateType: 2 });
    expect(crudLogSpec({ title: '职务' }, 'delete')).toEqual({ content: '职务-通过id删除', operateType: 4 });
    expect(crudLogSpec({ title: '职务' }, 'importExcel')?.operateType).toBe(5);
    expect(crudLogSpec({ title: '职务' }, 'list')).toBeUndefined();
  });

  it('undeclared writes get their operate type from the path, else the method', () => {
    expect(operateTypeOf('POST', '/sys/user/addSysUserRole')).toBe(2);
    expect(operateTypeOf('POST', '/sys/dict/importExcel')).toBe(5);
    expect(operateTypeOf('DELETE', '/sys/user/deleteRecycleBin')).toBe(4);
    expect(operateTypeOf('DELETE', '/sys/x/y')).toBe(4);
    expect(operateTypeOf('PUT', '/sys/user/frozenBatch')).toBe(3);
  });
});
