import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../api/auth';
import { useSession } from '../../store/session';
import { socketUrl, VxeSocketClient, type SocketDeps, type SocketLike } from './socket';
import { TableStore } from './store';
import { useVxeSocket } from './useVxeSocket';

// The logout's server call (POST /sys/logout) is not what these tests are about.
vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/auth')>()),
  logoutCall: vi.fn(async () => ({ success: true, code: 200, message: '', result: null, timestamp: 0 })),
}));

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
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

describe('the table channel ends with the session (logout closes every vxeSocket)', () => {
  let sockets: FakeSocket[];
  const signIn = (token: string) => useSession.setState({ token, userInfo: { id: 'u1', username: 'admin' } as UserInfo });
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    // The hook builds its client on the browser's WebSocket and timers (faked here).
    vi.stubGlobal('WebSocket', function (this: unknown, url: string, protocols: string[]) {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    });
    signIn('T1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useSession.setState({ token: null, userInfo: null });
  });

  it('signing out closes the open sockets of every mounted table; none reconnects; a new sign-in opens new ones', async () => {
    const [storeA, storeB] = [new TableStore([]), new TableStore([])];
    const a = renderHook(() => useVxeSocket(storeA, 'tableA', 'page'));
    const b = renderHook(() => useVxeSocket(storeB, 'tableB', 'page'));
    expect(sockets.map((s) => s.protocols)).toEqual([['T1'], ['T1']]);
    act(() => sockets.forEach((s) => s.open()));
    expect(a.result.current && b.result.current).toBe(true);

    await act(() => useSession.getState().logout());
    expect(sockets.map((s) => s.closed)).toEqual([true, true]);
    expect(a.result.current || b.result.current).toBe(false);
    // A close event arriving late, and every reconnect / heartbeat delay passing: no new socket.
    sockets.forEach((s) => s.onclose?.({}));
    act(() => vi.advanceTimersByTime(120_000));
    expect(sockets).toHaveLength(2);

    act(() => signIn('T2'));
    expect(sockets.slice(2).map((s) => s.protocols)).toEqual([['T2'], ['T2']]);
    a.unmount();
    b.unmount();
    expect(sockets.slice(2).every((s) => s.closed)).toBe(true);
  });

  it('sends a row when the editing of a cell that changed it ends, never an unchanged row (snapshot at edit start)', () => {
    const store = new TableStore([
      { key: 'name', title: '名称', type: 'input' },
      { key: 'age', title: '年龄', type: 'inputNumber' },
    ]);
    store.load([
      { id: 'r1', name: 'a', age: 1 },
      { id: 'r2', name: 'b', age: 2 },
    ]);
    renderHook(() => useVxeSocket(store, 'tableA', 'page'));
    act(() => sockets[0]!.open());
    const sentRows = () =>
      sockets[0]!.sent
        .map((t) => JSON.parse(t) as { type: string; data: Record<string, unknown> })
        .filter((m) => m.type === 'update_vxe_table')
        .map((m) => [m.data.id, m.data.name, m.data.age]);

    store.setEditing('r1', 'name');
    store.setValue('r1', 'name', 'a2');
    store.setEditing('r1', 'age'); // to another cell of the same row: the changed row goes out once
    expect(sentRows()).toEqual([['r1', 'a2', 1]]);
    store.setEditing('r2', 'name'); // r1 unchanged since its age cell opened: nothing more
    store.setEditing('r1', 'name'); // r2 unchanged
    store.setEditing(null);
    expect(sentRows()).toEqual([['r1', 'a2', 1]]);

    store.setEditing('r1', 'age');
    store.setValue('r1', 'age', 5);
    store.setEditing(null);
    expect(sentRows()).toEqual([
      ['r1', 'a2', 1],
      ['r1', 'a2', 5],
    ]);

    // A value typed and then put back is no change either.
    store.setEditing('r2', 'name');
    store.setValue('r2', 'name', 'x');
    store.setValue('r2', 'name', 'b');
    store.setEditing(null);
    expect(sentRows()).toHaveLength(2);
  });

  it('no session, no channel', () => {
    useSession.setState({ token: null, userInfo: null });
    const store = new TableStore([]);
    renderHook(() => useVxeSocket(store, 'tableA', 'page'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(sockets).toHaveLength(0);
  });
});
