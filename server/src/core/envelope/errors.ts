import { MSG } from '../messages.js';

/** The message catalogue, also importable from here (where it started). */
export { MSG };

/**
 * Errors a handler throws; the error handler turns each into the envelope (contract §1.3).
 * Business errors go out as HTTP 200 with success:false; bad input as HTTP 400; token failures as HTTP 401.
 */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly result: unknown = null,
  ) {
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
  constructor(message: string = MSG.noAuth) {
    super(message, 510);
  }
}

/** Token missing, forged, expired or revoked: HTTP 401 (contract §3.4). */
export class TokenError extends BizError {
  constructor(message: string = MSG.tokenInvalid) {
    super(message, 401);
  }
}
