import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketUrl, VxeSocketClient, type SocketDeps, type SocketLike } from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string, readonly protocols: string[]) {}
  send(t: string) {
    this.sent.push(t);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

describe('VxeSocketClient (001 §4 table real-time channel)', () => {
  let sockets: FakeSocket[];
  let deps: SocketDeps;
  let updates: unknown[];
  let client: VxeSocketClient;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    updates = [];
    deps = {
      create: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as number),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as number),
    };
    client = new VxeSocketClient('ws://h/jeecg-boot/vxeSocket/u1/p1', 'TOKEN', 'demoTable', (r) => updates.push(r), deps);
    client.start();
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('sends the token as the sub-protocol and a heartbeat every 10 s', () => {
    expect(sockets[0]!.protocols).toEqual(['TOKEN']);
    sockets[0]!.open();
    vi.advanceTimersByTime(9_999);
    expect(sockets[0]!.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'heart_beat', data: '-' });
  });

  it('a reply within 6 s keeps the socket; no reply → one reconnect after 5 s', () => {
    const s = sockets[0]!;
    s.open();
    vi.advanceTimersByTime(10_000);
    vi.advanceTimersByTime(3_000);
    s.receive({ type: 'heart_beat', data: true });
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(2_000 + 6_000); // next beat at 20 s, no reply by 26 s
    expect(s.closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('error then close schedule a single reconnect (one attempt at a time)', () => {
    const s = sockets[0]!;
    s.open();
    s.onerror?.({});
    s.onclose?.({}); // handlers were detached by the first; a second schedule is refused anyway
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(3);
  });

  it('applies update_vxe_table for its socketKey only and tolerates noise', () => {
    const s = sockets[0]!;
    s.open();
    s.receive('HeartBeat');
    s.receive({ type: 'update_vxe_table', data: { socketKey: 'other', id: 'x' } });
    s.receive({ type: 'update_vxe_table', data: { socketKey: 'demoTable', id: 'r1', name: '新' } });
    expect(updates).toEqual([{ id: 'r1', name: '新' }]);
  });

  it('sends row updates with the socketKey while open', () => {
    expect(client.sendUpdate({ id: 'r1' })).toBe(false);
    sockets[0]!.open();
    expect(client.sendUpdate({ id: 'r1', name: 'a' })).toBe(true);
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'update_vxe_table', data: { id: 'r1', name: 'a', socketKey: 'demoTable' } });
  });

  it('builds the socket URL under the API prefix', () => {
    expect(socketUrl('/jeecg-boot', 'u 1', 'p', { protocol: 'https:', host: 'a.com' })).toBe('wss://a.com/jeecg-boot/vxeSocket/u%201/p');
    expect(socketUrl('http://b.com/jeecg-boot/', 'u', 'p', { protocol: 'https:', host: 'a.com' })).toBe('ws://b.com/jeecg-boot/vxeSocket/u/p');
  });
});
