import { DATA_SOURCE_PASSWORD_MAX_BYTES, DATA_SOURCE_PASSWORD_PROP, dataSourceEntity } from '@pk/contract';
import type { CrudBinding, Values } from '../../../core/crud/index.js';
import type { SecretBox } from '../../../core/crypto/secretBox.js';
import { BadRequestError, MSG } from '../../../core/envelope/errors.js';

export const DATA_SOURCE_MSG = {
  /** contract §1.5: dataSource edit answers 编辑成功! */
  edited: MSG.editedAlt,
  badPassword: '密码格式不正确',
  passwordTooLong: `密码不能超过${DATA_SOURCE_PASSWORD_MAX_BYTES}个字节`,
  unreadable: '已保存的密码无法解密（数据源密钥已更换），请重新输入密码',
} as const;

/** The plain password a body carries: a non-blank string, or null for "none given" (blank on edit = unchanged). */
export function passwordOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const v = (body as Record<string, unknown>)[DATA_SOURCE_PASSWORD_PROP];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw new BadRequestError(DATA_SOURCE_MSG.badPassword);
  if (Buffer.byteLength(v, 'utf8') > DATA_SOURCE_PASSWORD_MAX_BYTES) throw new BadRequestError(DATA_SOURCE_MSG.passwordTooLong);
  return v;
}

/**
 * 多数据源 (contract §12.6) on the CRUD engine. `db_password` is a hidden column: never selected, listed, exported
 * or filtered; a body's `dbPassword` is sealed (AES-256-GCM) into it by beforeSave, and an edit without one keeps
 * the stored value.
 */
export function dataSourceBinding(box: SecretBox): CrudBinding {
  return {
    entity: dataSourceEntity,
    table: 'sys_data_source',
    orgCode: true,
    hiddenColumns: ['db_password'],
    writeOnlyProps: [DATA_SOURCE_PASSWORD_PROP],
    messages: { edited: DATA_SOURCE_MSG.edited },
    // contract §1.5: the data source's queryById answers ok with a null result for an unknown id
    nullWhenMissing: true,
    hooks: {
      beforeSave(values: Values, c) {
        const plain = passwordOf(c.req.body);
        if (plain !== null) values[DATA_SOURCE_PASSWORD_PROP] = box.seal(plain);
      },
    },
  };
}
