import { BizError } from '../envelope/errors.js';

/** The `tenant-id` header names a tenant the user does not belong to: HTTP 403, envelope code 403. */
export class TenantError extends BizError {
  constructor(message = '无权访问该租户的数据') {
    super(message, 403);
  }
}
