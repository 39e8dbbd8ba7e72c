import { MSG } from '../../../core/messages.js';
import { AUTH_MSG } from '../auth/service.js';

/** Texts of third-party sign-in (OpenID Connect, CAS) and 账户绑定 (issue 14 point 8). */
export const THIRD_MSG = {
  loginOk: MSG.loginOk,
  unknownProvider: '未配置该第三方登录方式',
  tokenInvalid: '登录凭证无效或已过期，请重新登录',
  typeMismatch: '第三方登录类型不匹配',
  frozen: AUTH_MSG.frozen,
  tenantsFrozen: AUTH_MSG.tenantsFrozen,
  userGone: '该第三方账号绑定的用户不存在或已冻结',
  bindingMissing: '未找到该绑定记录',
  unbound: '解绑成功',
  idRequired: MSG.idRequired,
  casDisabled: '未启用CAS单点登录',
  casTicketRequired: 'ticket不能为空',
  casServiceNotAllowed: 'service不在允许的列表中',
  casInvalid: 'CAS票据校验失败',
  casUnavailable: 'CAS服务器无法访问，请稍后再试',
  casUserMissing: 'CAS账号在系统中不存在',
} as const;
