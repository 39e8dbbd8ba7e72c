import { describe, expect, it } from 'vitest';
import { ResultError, unwrap, type Result } from '@pk/contract';

const env = <T>(success: boolean, result: T, message = '', code = success ? 200 : 500): Result<T> => ({ success, result, message, code, timestamp: 0 });

describe('unwrap (the client call that turns an envelope into its value)', () => {
  it('gives the result of a successful envelope', () => {
    expect(unwrap(env(true, { total: 3 }))).toEqual({ total: 3 });
  });

  it("throws the server's message and code on success: false", () => {
    const call = () => unwrap(env(false, null, '未找到对应实体', 500));
    expect(call).toThrow(ResultError);
    expect(call).toThrow('未找到对应实体');
    try {
      call();
    } catch (e) {
      expect((e as ResultError).code).toBe(500);
    }
  });

  it('uses the fallback text when the server sent none', () => {
    expect(() => unwrap(env(false, null, '', 510), '获取权限失败')).toThrow('获取权限失败');
    expect(() => unwrap(env(false, null))).toThrow('操作失败');
  });
});
