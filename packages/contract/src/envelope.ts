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
