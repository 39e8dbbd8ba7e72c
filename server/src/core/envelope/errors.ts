/**
 * Errors a handler throws; the error handler turns each into the envelope (contract §1.3).
 * Business errors go out as HTTP 200 with success:false; bad input as HTTP 400; token failures as HTTP 401.
 */
export class BizError extends Error {
  constructor(message: string, readonly code = 500, readonly result: unknown = null) {
    super(message);
  }
}

/** Malformed or invalid request input: HTTP 400, envelope code 400, nothing changes. */
export class BadRequestError extends BizError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** The caller lacks the permission code: code 510 (contract §1.3). */
export class NoAuthError extends BizError {
  constructor(message = '没有权限，请联系管理员授权') {
    super(message, 510);
  }
}

/** Token missing, forged, expired or revoked: HTTP 401 (contract §3.4). */
export class TokenError extends BizError {
  constructor(message = 'Token失效，请重新登录!') {
    super(message, 401);
  }
}

export const MSG = {
  notFound: '未找到对应实体',
  noAuth: '没有权限，请联系管理员授权',
  route404: '路径不存在，请检查路径是否正确',
  duplicate: '数据库中已存在该记录',
  tooLong: '字段太长,超出数据库字段的长度',
  failed: '操作失败',
  badParams: '参数不识别！',
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功！',
} as const;
