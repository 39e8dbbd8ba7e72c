/**
 * THE request client (000 §7, §8). Every page and widget calls the server through `http`.
 * Resolves with the envelope as the server sent it (callers check `success`); rejects only on HTTP errors,
 * timeouts and network failures, after the error table of 000 §8 has shown its notice.
 *
 * `createHttp(deps)` builds a client around injected effects (token, notices, logout) so every branch is
 * unit-testable; `http` is the app's instance. An expired session is handled single-flight: ten parallel
 * 401s give one notice and one logout.
 */
import type { Result } from '@pk/contract';
import { apiBase, REQUEST_TIMEOUT } from '../config';
import { KEYS, ls } from '../store/storage';
import { feedback } from '../components/feedback';

export interface RequestOptions {
  /** Milliseconds; default 9000 (000 §9). Uploads, imports and exports pass a longer one. */
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not show the error notice for HTTP errors (the caller handles them). */
  silent?: boolean;
  /**
   * Send no access-token header (001 §7: an editable-table upload column sends it only when its token flag is set).
   * A 401 to such a request is an ordinary error, not an expired session.
   */
  anonymous?: boolean;
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

/** Rejection value of the client: `status` is absent when no response arrived. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly data?: unknown,
    readonly timeout = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOTICE = {
  TITLE: '系统提示',
  FORBIDDEN: '拒绝访问',
  NOT_FOUND: '很抱歉，资源未找到!',
  TIMEOUT: '网络超时',
  EXPIRED: '很抱歉，登录已过期，请重新登录',
  EXPIRED_TITLE: '登录已过期',
  RELOGIN: '重新登录',
} as const;

export interface HttpDeps {
  /** base address + prefix, e.g. `/jeecg-boot` */
  baseURL(): string;
  getToken(): string | null;
  getTenantId(): string | number | null;
  /** Clears the session locally and tells the server; must settle even when the server call fails. */
  logout(): Promise<void>;
  reload(): void;
  /** An error notice titled 系统提示. */
  notify(description: string, duration?: number): void;
  /** The 登录已过期 modal; `onOk` runs when 重新登录 is pressed. */
  expiredModal(onOk: () => void): void;
  saveBlob(blob: Blob, fileName: string): void;
  fetch: typeof fetch;
  now(): number;
}

const DICT_ITEMS_URL = 'sys/dict/getDictItems';
const RELOAD_DELAY = 1500;

export function createHttp(deps: HttpDeps): Http {
  /** Set by the first expired-session response; later ones stay quiet until the page reloads. */
  let expiring = false;

  function fullUrl(url: string, params?: Params): string {
    let u = /^https?:\/\//i.test(url) ? url : `${deps.baseURL()}/${url.replace(/^\/+/, '')}`;
    if (params) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) {
        if (v === undefined || v === null) continue;
        qs.append(k, String(v));
      }
      const s = qs.toString();
      if (s) u += (u.includes('?') ? '&' : '?') + s;
    }
    return u;
  }

  function expireSession(hasToken: boolean, viaModal: boolean, silent: boolean) {
    if (expiring) return;
    if (viaModal) {
      expiring = true;
      deps.expiredModal(() => {
        void deps
          .logout()
          .catch(() => undefined)
          .then(() => deps.reload());
      });
      return;
    }
    if (!silent) deps.notify(NOTICE.EXPIRED, 4);
    if (hasToken) {
      expiring = true;
      void deps
        .logout()
        .catch(() => undefined)
        .then(() => setTimeout(() => deps.reload(), RELOAD_DELAY));
    }
  }

  /** 000 §8: one error table for every HTTP status. */
  function handleStatus(status: number, data: unknown, silent: boolean) {
    const token = deps.getToken();
    const msg = messageOf(data);
    switch (status) {
      case 403:
        if (!silent) deps.notify(NOTICE.FORBIDDEN, 4);
        break;
      case 500:
        if (token && msg.includes('Token失效')) expireSession(true, true, silent);
        else if (!silent && msg) deps.notify(msg, 4);
        break;
      case 404:
        if (!silent) deps.notify(NOTICE.NOT_FOUND, 4);
        break;
      case 504:
        if (!silent) deps.notify(NOTICE.TIMEOUT, 4);
        break;
      case 401:
        expireSession(!!token, false, silent);
        break;
      default:
        if (!silent) deps.notify(msg || `HTTP ${status}`, 4);
    }
  }

  async function send(method: string, url: string, init: { params?: Params; body?: unknown; form?: FormData }, opts: RequestOptions = {}): Promise<Response> {
    const params: Params = { ...(init.params ?? {}) };
    if (method === 'GET' && !url.includes(DICT_ITEMS_URL)) {
      // 000 §7: `_t` in seconds on every GET except the dictionary items lookup
      params._t = Math.floor(deps.now() / 1000);
    }
    const headers: Record<string, string> = {};
    const token = opts.anonymous ? null : deps.getToken();
    if (token) headers['X-Access-Token'] = token;
    const tenant = deps.getTenantId();
    headers['tenant-id'] = tenant === null || tenant === undefined || tenant === '' ? '0' : String(tenant);
    let body: BodyInit | undefined;
    if (init.form) {
      body = init.form;
    } else if (init.body !== undefined && method !== 'GET' && method !== 'DELETE') {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(init.body);
    }
    Object.assign(headers, opts.headers ?? {});

    const timeout = opts.timeout ?? REQUEST_TIMEOUT;
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeout);
    const onAbort = () => ctrl.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const silent = !!opts.silent;

    let res: Response;
    try {
      res = await deps.fetch(fullUrl(url, params), { method, headers, body, signal: ctrl.signal });
    } catch (e) {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (timedOut) {
        if (!silent) deps.notify(NOTICE.TIMEOUT, 4);
        throw new HttpError(`timeout of ${timeout}ms exceeded`, undefined, undefined, true);
      }
      if (opts.signal?.aborted) throw e;
      const text = e instanceof Error ? e.message : String(e);
      if (!silent) deps.notify(text, 4);
      throw new HttpError(text);
    }
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (!res.ok) {
      // blob and JSON error bodies are both read as text and parsed (000 §8 "for blob responses the body is parsed")
      const data = await readJson(res);
      if (opts.anonymous && res.status === 401) {
        if (!silent) deps.notify(messageOf(data) || `HTTP ${res.status}`, 4);
      } else handleStatus(res.status, data, silent);
      throw new HttpError(messageOf(data) || `HTTP ${res.status}`, res.status, data);
    }
    return res;
  }

  async function json<T>(res: Response): Promise<Result<T>> {
    const data = await readJson(res);
    if (data === undefined) throw new HttpError('响应不是有效的 JSON', res.status);
    return data as Result<T>;
  }

  return {
    async get<T>(url: string, params?: Params, opts?: RequestOptions) {
      return json<T>(await send('GET', url, { params }, opts));
    },
    async post<T>(url: string, body?: unknown, opts?: RequestOptions) {
      return json<T>(await send('POST', url, { body: body ?? {} }, opts));
    },
    async put<T>(url: string, body?: unknown, opts?: RequestOptions) {
      return json<T>(await send('PUT', url, { body: body ?? {} }, opts));
    },
    async delete<T>(url: string, params?: Params, opts?: RequestOptions) {
      return json<T>(await send('DELETE', url, { params }, opts));
    },
    async upload<T>(url: string, form: FormData, opts?: RequestOptions) {
      return json<T>(await send('POST', url, { form }, opts));
    },
    async download(url: string, params: Params, fileName: string, opts?: RequestOptions) {
      const res = await send('GET', url, { params }, opts);
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json')) {
        // a business error (HTTP 200, success:false) instead of the file
        const data = await readJson(res);
        const msg = messageOf(data) || '文件下载失败';
        if (!opts?.silent) deps.notify(msg, 4);
        throw new HttpError(msg, res.status, data);
      }
      const blob = await res.blob();
      deps.saveBlob(blob, fileName);
    },
  };
}

async function readJson(res: Response): Promise<unknown> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message: unknown }).message;
    return typeof m === 'string' ? m : '';
  }
  return '';
}

/** Save a blob through a temporary object URL and an `<a download>` click. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.style.display = 'none';
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  document.body.removeChild(a);
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * What the app instance uses to end a session. The session store registers its `logout` here
 * (store/session.ts) so the client does not import the store; until then only the local keys are cleared.
 */
const sessionBridge: { logout: () => Promise<void> } = {
  logout: async () => {
    ls.remove(KEYS.ACCESS_TOKEN);
    ls.remove(KEYS.USER_INFO);
  },
};

export function setSessionLogout(fn: () => Promise<void>): void {
  sessionBridge.logout = fn;
}

export const http: Http = createHttp({
  baseURL: () => window._CONFIG?.domianURL || apiBase(),
  getToken: () => ls.get<string>(KEYS.ACCESS_TOKEN),
  getTenantId: () => ls.get<string | number>(KEYS.TENANT_ID),
  logout: () => sessionBridge.logout().catch(() => undefined),
  reload: () => window.location.reload(),
  notify: (description, duration) => {
    feedback.notification.error({ title: NOTICE.TITLE, description, duration });
  },
  expiredModal: (onOk) => {
    feedback.modal.error({
      title: NOTICE.EXPIRED_TITLE,
      content: NOTICE.EXPIRED,
      okText: NOTICE.RELOGIN,
      mask: false,
      onOk,
    });
  },
  saveBlob,
  fetch: (...args) => fetch(...args),
  now: () => Date.now(),
});
