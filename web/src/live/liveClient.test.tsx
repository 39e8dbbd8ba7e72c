import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketDeps, SocketLike } from '../api/socket';
import type { UserInfo } from '../api/auth';
import { useSession } from '../store/session';
import { LIVE_HEARTBEAT_MS, LIVE_RECONNECT_MS, LiveNoticeClient, liveUrl, parseLiveFrame, type LiveNotice } from './liveClient';
import { createSpeaker, type AudioLike, type SpeakerDeps } from './speech';
import { useLiveSettings } from './liveSettings';
import { LiveNotices, NOTICES_QUERY_KEY } from './LiveNotices';

vi.mock('../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/auth')>()),
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
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  fail() {
    this.onerror?.({});
    this.onclose?.({});
  }
}

function fakeDeps(sockets: FakeSocket[]): SocketDeps {
  return {
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
}

describe('LiveNoticeClient (000 §4 notification channel)', () => {
  let sockets: FakeSocket[];
  let notices: LiveNotice[];
  let client: LiveNoticeClient;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    notices = [];
    client = new LiveNoticeClient('ws://h/jeecg-boot/websocket/u1', 'TOKEN', (n) => notices.push(n), fakeDeps(sockets));
    client.start();
  });
  afterEach(() => {
    client.stop();
    expect(vi.getTimerCount()).toBe(0); // no leaked timers
    vi.useRealTimers();
  });

  it('builds the URL like the table channel and sends the token as the sub-protocol', () => {
    expect(liveUrl('/jeecg-boot', 'u 1', { protocol: 'https:', host: 'a.example:8443' })).toBe('wss://a.example:8443/jeecg-boot/websocket/u%201');
    expect(liveUrl('http://api.example/jeecg-boot/', 'u1', { protocol: 'https:', host: 'x' })).toBe('ws://api.example/jeecg-boot/websocket/u1');
    expect(sockets[0]!.url).toBe('ws://h/jeecg-boot/websocket/u1');
    expect(sockets[0]!.protocols).toEqual(['TOKEN']);
  });

  it('sends HeartBeat every 20 s while open', () => {
    const s = sockets[0]!;
    s.open();
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS - 1);
    expect(s.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(s.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
    expect(s.sent).toEqual(['HeartBeat', 'HeartBeat']);
  });

  it('hands topic and user notices on, ignores heartcheck, other commands and non-JSON frames', () => {
    const s = sockets[0]!;
    s.open();
    s.receive({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    s.receive('HeartBeat');
    s.receive('<script>alert(1)</script>');
    s.receive({ cmd: 'email', msgTxt: 'x' });
    s.receive('null');
    s.receive({ cmd: 'topic', msgId: 'm1', msgTxt: '公告' });
    s.receive({ cmd: 'user', msgId: 'm2', msgTxt: '私信' });
    expect(notices).toEqual([
      { cmd: 'topic', msgId: 'm1', msgTxt: '公告' },
      { cmd: 'user', msgId: 'm2', msgTxt: '私信' },
    ]);
    expect(parseLiveFrame('{"cmd":"user","msgTxt":5}')).toEqual({ cmd: 'user', msgId: undefined, msgTxt: undefined });
  });

  it('reconnects 20 s after a close, one attempt at a time', () => {
    const s = sockets[0]!;
    s.open();
    s.onclose?.({});
    s.onclose?.({}); // a second event while one attempt is pending changes nothing
    expect(s.closed).toBe(true);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS - 1);
    expect(sockets.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(2);
    // the heartbeat of the old socket stopped with it
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
    expect(s.sent).toEqual([]);
    // an error followed by its close is one attempt
    sockets[1]!.fail();
    vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    expect(sockets.length).toBe(3);
    expect(client.errors).toBe(1);
  });

  it('stops reconnecting after more than 5 errors', () => {
    for (let i = 0; i < 5; i++) {
      sockets[sockets.length - 1]!.fail();
      vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    }
    expect(sockets.length).toBe(6);
    expect(client.gaveUp).toBe(false);
    sockets[5]!.fail(); // the 6th error
    expect(client.gaveUp).toBe(true);
    vi.advanceTimersByTime(LIVE_RECONNECT_MS * 5);
    expect(sockets.length).toBe(6);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() closes the socket and cancels a pending reconnect', () => {
    const s = sockets[0]!;
    s.open();
    client.stop();
    expect(s.closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    sockets[0]!.onclose?.({}); // detached: late events do nothing
    vi.advanceTimersByTime(LIVE_RECONNECT_MS);
    expect(sockets.length).toBe(1);
  });
});

class FakeAudio implements AudioLike {
  static all: FakeAudio[] = [];
  played = false;
  paused = false;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeAudio.all.push(this);
  }
  play() {
    this.played = true;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

function speakerDeps(answer: (url: string) => Response): SpeakerDeps & { fetched: string[]; revoked: string[] } {
  const fetched: string[] = [];
  const revoked: string[] = [];
  let n = 0;
  return {
    fetched,
    revoked,
    baseURL: () => '/jeecg-boot',
    getToken: () => 'TOKEN',
    fetch: (async (url: string, init?: RequestInit) => {
      expect((init?.headers as Record<string, string>)['X-Access-Token']).toBe('TOKEN');
      fetched.push(url);
      return answer(url);
    }) as typeof fetch,
    createAudio: (url) => new FakeAudio(url),
    createObjectURL: () => `blob:${++n}`,
    revokeObjectURL: (u) => void revoked.push(u),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  };
}

const wav = () => new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } });

describe('spoken notices (createSpeaker)', () => {
  beforeEach(() => {
    FakeAudio.all = [];
  });

  it('fetches the WAV with the token and plays the clips one after the other', async () => {
    const deps = speakerDeps(wav);
    const s = createSpeaker(deps);
    s.speak('第一条');
    s.speak('  第二条 ');
    await vi.waitFor(() => expect(FakeAudio.all.length).toBe(1));
    expect(deps.fetched).toEqual([`/jeecg-boot/sys/speech/tts?text=${encodeURIComponent('第一条')}`]);
    expect(FakeAudio.all[0]!.played).toBe(true);
    FakeAudio.all[0]!.onended?.();
    await vi.waitFor(() => expect(FakeAudio.all.length).toBe(2));
    expect(deps.fetched[1]).toBe(`/jeecg-boot/sys/speech/tts?text=${encodeURIComponent('第二条')}`);
    expect(deps.revoked).toEqual(['blob:1']);
    s.cancel();
    expect(FakeAudio.all[1]!.paused).toBe(true);
    expect(deps.revoked).toEqual(['blob:1', 'blob:2']);
  });

  it('stays silent on an envelope error, a failed fetch or an empty text, and goes on with the next', async () => {
    let calls = 0;
    const deps = speakerDeps(() => {
      calls++;
      if (calls === 1) return new Response('{"success":false,"message":"语音合成失败"}', { headers: { 'content-type': 'application/json' } });
      if (calls === 2) throw new TypeError('network');
      return wav();
    });
    const s = createSpeaker(deps);
    s.speak('');
    s.speak(undefined);
    s.speak('a');
    s.speak('b');
    s.speak('c');
    await vi.waitFor(() => expect(FakeAudio.all.length).toBe(1));
    expect(calls).toBe(3);
    s.cancel();
  });
});

describe('<LiveNotices> in the signed-in layout', () => {
  const OriginalWebSocket = globalThis.WebSocket;
  let sockets: FakeSocket[];
  beforeEach(() => {
    sockets = [];
    globalThis.WebSocket = class extends FakeSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    } as unknown as typeof WebSocket;
    useSession.setState({ token: 'TOKEN', userInfo: { id: 'u1', username: 'admin', realname: '管理员' } as UserInfo });
  });
  afterEach(() => {
    globalThis.WebSocket = OriginalWebSocket;
    useSession.setState({ token: null, userInfo: null });
  });

  it('opens the channel on mount, reloads the notices on a push and closes on sign-out', async () => {
    useLiveSettings.getState().setVoice('u1', false); // no audio in this test
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={qc}>
        <LiveNotices />
      </QueryClientProvider>,
    );
    expect(sockets.length).toBe(1);
    expect(sockets[0]!.url).toMatch(/\/jeecg-boot\/websocket\/u1$/);
    expect(sockets[0]!.protocols).toEqual(['TOKEN']);
    act(() => {
      sockets[0]!.open();
      sockets[0]!.receive({ cmd: 'user', msgId: 'm1', msgTxt: '新消息' });
    });
    expect(spy).toHaveBeenCalledWith({ queryKey: NOTICES_QUERY_KEY });
    await act(async () => {
      await useSession.getState().logout();
    });
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets.length).toBe(1);
    view.unmount();
  });

  it('closes the channel on unmount', () => {
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveNotices />
      </QueryClientProvider>,
    );
    view.unmount();
    expect(sockets[0]!.closed).toBe(true);
  });
});
