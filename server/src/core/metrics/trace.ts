/**
 * The request trace (contract §9 `GET /actuator/httptrace`): an in-memory ring of the last TRACE_SIZE requests,
 * newest first, in Spring's HttpTrace shape. Nothing secret is kept: no body, no cookie, no X-Access-Token or
 * Authorization header (only the headers of TRACE_REQUEST_HEADERS / TRACE_RESPONSE_HEADERS), query parameters whose
 * name looks secret are dropped, and path segments that look like a token (a JWT, a long opaque string) are masked.
 */
export const TRACE_SIZE = 100;
export const TRACE_REQUEST_HEADERS = ['accept', 'content-type', 'content-length', 'user-agent'] as const;
export const TRACE_RESPONSE_HEADERS = ['content-type', 'content-length'] as const;
export const MASK = '******';

/** Query parameter names never kept: anything naming a token, password, secret…, a name ending in key/sign, and the OAuth/SMS one-time values. */
const SECRET_PARAM = /token|passw|pwd|secret|ticket|captcha|credential|cookie|session|signature|auth|key$|sign$|^(?:code|otp|smscode|state|nonce|verifier)$/i;
/** A JWT (three base64url parts with dots) in one path segment. */
const JWT_SEGMENT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
/** A long opaque run (≥ 24 characters of base64url, letters and digits mixed): a token, not a route word. */
const OPAQUE_SEGMENT = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_+=-]{24,}$/;
/** Ids of the project are 19 digits or 32 hex: those stay readable. */
const PLAIN_ID = /^(?:\d{1,20}|[0-9a-f]{32})$/;
const secretSegment = (s: string) => !PLAIN_ID.test(s) && (JWT_SEGMENT.test(s) || OPAQUE_SEGMENT.test(s));

export interface TraceEntry {
  timestamp: string;
  principal: { name: string } | null;
  session: null;
  request: { method: string; uri: string; headers: Record<string, string[]>; remoteAddress: string };
  response: { status: number; headers: Record<string, string[]> };
  timeTaken: number;
}

/** The path and query of a request URL with secrets masked or dropped. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const path = rawPath
    .split('/')
    .map((seg) => {
      let s = seg;
      try {
        s = decodeURIComponent(seg);
      } catch {
        /* keep as sent */
      }
      return secretSegment(s) ? MASK : seg;
    })
    .join('/')
    .slice(0, 500);
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const [k, v] of params) {
    if (SECRET_PARAM.test(k)) continue;
    kept.append(k.slice(0, 100), v.slice(0, 200));
  }
  const qs = kept.toString().slice(0, 1000);
  return qs ? `${path}?${qs}` : path;
}

/** A Host header value fit to show (anything odd becomes `localhost`). */
export function safeHost(host: string | undefined): string {
  return host && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host) ? host : 'localhost';
}

export function pickHeaders(headers: Record<string, unknown>, names: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const n of names) {
    const v = headers[n];
    if (v === undefined || v === null) continue;
    const list = Array.isArray(v) ? v : [v];
    out[n] = list.map((x) => String(x).slice(0, 300));
  }
  return out;
}

/**
 * One request as the ring keeps it: the raw values, read off the request in a few property reads. The masking, the
 * header picking and the date are done when the trace is read (`toEntry`): every request pays for the first, only
 * the 监控 page for the rest (it was ~55 µs of each request's CPU on the list path; docs/PERFORMANCE.md).
 */
export interface RawTrace {
  at: number;
  user: string | null;
  method: string;
  protocol: string;
  host: string | undefined;
  url: string;
  /** The values of TRACE_REQUEST_HEADERS, in that order. */
  requestHeaders: unknown[];
  remoteAddress: string;
  status: number;
  /** The values of TRACE_RESPONSE_HEADERS, in that order. */
  responseHeaders: unknown[];
  ms: number;
}

const headerRecord = (names: readonly string[], values: unknown[]) => pickHeaders(Object.fromEntries(names.map((n, i) => [n, values[i]])), names);

export function toEntry(t: RawTrace): TraceEntry {
  return {
    timestamp: new Date(t.at).toISOString(),
    principal: t.user ? { name: t.user } : null,
    session: null,
    request: {
      method: t.method,
      uri: `${t.protocol}://${safeHost(t.host)}${safeUrl(t.url)}`,
      headers: headerRecord(TRACE_REQUEST_HEADERS, t.requestHeaders),
      remoteAddress: t.remoteAddress,
    },
    response: { status: t.status, headers: headerRecord(TRACE_RESPONSE_HEADERS, t.responseHeaders) },
    timeTaken: Math.round(t.ms),
  };
}

export class TraceRing {
  private readonly ring: Array<RawTrace | undefined>;
  private next = 0;

  constructor(readonly size = TRACE_SIZE) {
    this.ring = new Array<RawTrace | undefined>(size);
  }

  push(e: RawTrace): void {
    this.ring[this.next] = e;
    this.next = (this.next + 1) % this.size;
  }

  /** Newest first, in Spring's shape. */
  list(): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (let i = 1; i <= this.size; i++) {
      const e = this.ring[(this.next - i + this.size) % this.size];
      if (e) out.push(toEntry(e));
    }
    return out;
  }
}
