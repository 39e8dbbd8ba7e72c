/**
 * What the real-time channels' clients share (000 §4): the WebSocket surface they use (injectable for tests, with the
 * timers) and the `ws(s)://` address built from the API base. The table channel (components/EditableTable/socket.ts)
 * and the live notice channel (live/liveClient.ts) both use these.
 */

/** The part of a browser WebSocket the clients use. */
export interface SocketLike {
  readyState: number;
  send(text: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
}

export interface SocketDeps {
  create(url: string, protocols: string[]): SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const browserSocketDeps: SocketDeps = {
  create: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as number),
};

/**
 * `ws(s)://host/jeecg-boot/{path segments}` from the API base (relative bases use the page's host); each segment is
 * URL-encoded.
 */
export function wsUrl(apiBase: string, segments: string[], location: { protocol: string; host: string }): string {
  const abs = /^https?:\/\//.test(apiBase) ? apiBase : `${location.protocol}//${location.host}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`;
  return `${abs.replace(/^http/, 'ws').replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
}
