// A WebSocket test client over the `ws` package (it ships no types; this is the surface the tests use).

export interface WsClient {
  readonly readyState: number;
  send(text: string): void;
  close(): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'open' | 'error', fn: (err?: Error) => void): void;
}
type WsCtor = new (url: string, protocols?: string | string[]) => WsClient;
const WS_MODULE = 'ws'; // a variable specifier: the package has no type declarations to resolve
const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsCtor };

export interface Conn {
  ws: WsClient;
  /** Frames received and not yet taken by next() (JSON parsed; a non-JSON frame kept as its text). */
  messages: unknown[];
  next(timeoutMs?: number): Promise<unknown>;
  closed: Promise<number>;
}

/** Opens `url` offering `token` as the sub-protocol (as the browser clients do); resolves once open. */
export function connectWs(url: string, token: string, defaultTimeoutMs = 3000): Promise<Conn> {
  const ws = new WebSocket(url, token ? [token] : []);
  const messages: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    let m: unknown = text;
    try {
      m = JSON.parse(text) as unknown;
    } catch {
      /* kept as text */
    }
    const w = waiters.shift();
    if (w) w(m);
    else messages.push(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (timeoutMs = defaultTimeoutMs) =>
    new Promise<unknown>((resolve, reject) => {
      if (messages.length) return resolve(messages.shift());
      const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
      waiters.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, messages, next, closed }));
    ws.on('error', (err) => reject(err ?? new Error('socket error')));
  });
}
