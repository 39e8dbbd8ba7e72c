/** The response envelope of every JSON endpoint (contract §1.1). */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A page of rows (contract §1.2). The client reads records and total. */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Codes used in the envelope (contract §1.1). */
export const ResultCode = {
  OK: 200,
  IMPORT_PARTIAL: 201,
  TOKEN: 401,
  NOT_FOUND: 404,
  METHOD: 405,
  ERROR: 500,
  NO_AUTH: 510,
} as const;

/** A `success: false` envelope as an Error: the server's (Chinese) message and code. */
export class ResultError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ResultError';
  }
}

/**
 * The result of an envelope, or a thrown `ResultError` with the server's message (`fallback` when it sent none).
 * The one way a client call turns an envelope into its value: `const page = unwrap(await http.get<PageResult<Row>>(…))`.
 */
export function unwrap<T>(res: Result<T>, fallback = '操作失败'): T {
  if (!res.success) throw new ResultError(res.message || fallback, res.code);
  return res.result;
}
