/**
 * THE request client (000 §7, §8). Every page and widget calls the server through `http`.
 * Resolves with the envelope as the server sent it (callers check `success`); rejects only on HTTP errors,
 * timeouts and network failures, after the error table of 000 §8 has shown its notice.
 *
 * NOTE: signature fixed; the implementation is completed by the shell work (web-shell).
 */
import type { Result } from '@pk/contract';

export interface RequestOptions {
  /** Milliseconds; default 9000 (000 §9). Uploads, imports and exports pass a longer one. */
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not show the error notice for HTTP errors (the caller handles them). */
  silent?: boolean;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface Http {
  get<T>(url: string, params?: Params, opts?: RequestOptions): Promise<Result<T>>;
  post<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<Result<T>>;
  put<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<Result<T>>;
  delete<T>(url: string, params?: Params, opts?: RequestOptions): Promise<Result<T>>;
  /** GET a binary response and save it as `fileName`. */
  download(url: string, params: Params, fileName: string, opts?: RequestOptions): Promise<void>;
  /** POST multipart form data. */
  upload<T>(url: string, form: FormData, opts?: RequestOptions): Promise<Result<T>>;
}

export declare const http: Http;
