import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { createHttp, HttpError, NOTICE, type HttpDeps } from './request';

type FetchArgs = [string, RequestInit];

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function setup(over: Partial<HttpDeps> = {}) {
  const fetchMock = vi.fn<(...a: FetchArgs) => Promise<Response>>();
  const deps: HttpDeps = {
    baseURL: () => '/jeecg-boot',
    getToken: () => 'tok',
    getTenantId: () => null,
    logout: vi.fn(() => Promise.resolve()),
    reload: vi.fn(),
    notify: vi.fn(),
    expiredModal: vi.fn(),
    saveBlob: vi.fn(),
    fetch: fetchMock as unknown as typeof fetch,
    now: () => 1_700_000_000_123,
    ...over,
  };
  return { http: createHttp(deps), deps, fetchMock };
}

const ok = { success: true, message: '', code: 0, result: [1], timestamp: 1 };

describe('request client', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it('GET: base + prefix, _t in seconds, token and tenant-id 0 headers, resolves the envelope', async () => {
    const { http, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, ok));
    const res = await http.get<number[]>('/sys/position/list', { name: '经理', empty: undefined, nil: null });
    expect(res).toEqual(ok);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/jeecg-boot/sys/position/list?name=%E7%BB%8F%E7%90%86&_t=1700000000');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ 'X-Access-Token': 'tok', 'tenant-id': '0' });
  });

  it('GET sys/dict/getDictItems carries no _t', async () => {
    const { http, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, ok));
    await http.get('sys/dict/getDictItems/sex');
    expect(fetchMock.mock.calls[0][0]).toBe('/jeecg-boot/sys/dict/getDictItems/sex');
  });

  it('no token: no X-Access-Token; a stored tenant becomes tenant-id', async () => {
    const { http, fetchMock } = setup({ getToken: () => null, getTenantId: () => 7 });
    fetchMock.mockResolvedValue(jsonResponse(200, ok));
    await http.delete('/sys/position/delete', { id: '1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/jeecg-boot/sys/position/delete?id=1');
    expect(init.headers).not.toHaveProperty('X-Access-Token');
    expect(init.headers).toMatchObject({ 'tenant-id': '7' });
  });

  it('POST and PUT send JSON bodies', async () => {
    const { http, fetchMock } = setup();
    fetchMock.mockImplementation(async () => jsonResponse(200, ok));
    await http.post('/sys/login', { username: 'admin' });
    await http.put('sys/user/updatePassword', { password: 'x' });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({
      method: 'POST',
      body: '{"username":"admin"}',
      headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    });
    expect(fetchMock.mock.calls[1][1].method).toBe('PUT');
    expect(fetchMock.mock.calls[1][0]).toBe('/jeecg-boot/sys/user/updatePassword');
  });

  it('resolves business failures (HTTP 200, success false) without a notice', async () => {
    const { http, fetchMock, deps } = setup();
    const fail = { success: false, message: '操作失败', code: 500, result: null, timestamp: 1 };
    fetchMock.mockResolvedValue(jsonResponse(200, fail));
    await expect(http.get('/x')).resolves.toEqual(fail);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('upload posts FormData without a JSON content type', async () => {
    const { http, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, ok));
    const form = new FormData();
    form.append('file', new Blob(['a']), 'a.txt');
    await http.upload('/sys/common/upload', form);
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('anonymous: no X-Access-Token, and its 401 is an ordinary error, not an expired session', async () => {
    const { http, deps, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Token失效，请重新登录!', code: 401 }));
    const form = new FormData();
    await expect(http.upload('/sys/common/upload', form, { anonymous: true })).rejects.toBeInstanceOf(HttpError);
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>)['X-Access-Token']).toBeUndefined();
    expect(deps.logout).not.toHaveBeenCalled();
    expect(deps.expiredModal).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith('Token失效，请重新登录!', 4);
  });

  it('download saves the blob under the given name', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(
      new Response('binary', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    );
    await http.download('/sys/position/exportXls', { name: 'a' }, '职务表.xlsx');
    expect(fetchMock.mock.calls[0][0]).toContain('/jeecg-boot/sys/position/exportXls?name=a&_t=');
    expect(deps.saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = (deps.saveBlob as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(name).toBe('职务表.xlsx');
    expect(await (blob as Blob).text()).toBe('binary');
  });

  it('download of a JSON error envelope warns and rejects', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, { success: false, message: '导出失败', code: 500 }));
    await expect(http.download('/x', {}, 'a.xlsx')).rejects.toThrow('导出失败');
    expect(deps.notify).toHaveBeenCalledWith('导出失败', 4);
    expect(deps.saveBlob).not.toHaveBeenCalled();
  });

  it.each([
    [403, NOTICE.FORBIDDEN],
    [404, NOTICE.NOT_FOUND],
    [504, NOTICE.TIMEOUT],
  ])('HTTP %i shows %s and rejects', async (status, text) => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(status, { message: 'server text' }));
    const err = await http.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(status);
    expect(deps.notify).toHaveBeenCalledWith(text, 4);
  });

  it('403 notice lasts 4 s', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(403, {}));
    await http.get('/x').catch(() => undefined);
    expect(deps.notify).toHaveBeenCalledWith('拒绝访问', 4);
  });

  it('other statuses show the server message', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(405, { message: '不支持GET请求方法，支持以下POST、' }));
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(deps.notify).toHaveBeenCalledWith('不支持GET请求方法，支持以下POST、', 4);
  });

  it('500 without Token失效 shows the server message', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(500, { message: '操作失败，boom' }));
    await expect(http.post('/x', {})).rejects.toThrow('操作失败，boom');
    expect(deps.notify).toHaveBeenCalledWith('操作失败，boom', 4);
    expect(deps.expiredModal).not.toHaveBeenCalled();
  });

  it('500 with Token失效 and a token opens ONE 登录已过期 modal; OK logs out and reloads', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockImplementation(async () => jsonResponse(500, { message: 'Token失效，请重新登录!' }));
    await Promise.all([http.get('/a'), http.get('/b'), http.get('/c')].map((p) => p.catch(() => undefined)));
    expect(deps.expiredModal).toHaveBeenCalledTimes(1);
    expect(deps.notify).not.toHaveBeenCalled();
    const onOk = (deps.expiredModal as ReturnType<typeof vi.fn>).mock.calls[0][0] as () => void;
    onOk();
    await vi.waitFor(() => expect(deps.reload).toHaveBeenCalledTimes(1));
    expect(deps.logout).toHaveBeenCalledTimes(1);
  });

  it('500 with Token失效 but no token just shows the message', async () => {
    const { http, fetchMock, deps } = setup({ getToken: () => null });
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Token失效，请重新登录!' }));
    await http.get('/a').catch(() => undefined);
    expect(deps.expiredModal).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith('Token失效，请重新登录!', 4);
  });

  it('ten parallel 401s with a token: one notice, one logout, reload after 1.5 s', async () => {
    vi.useFakeTimers();
    const { http, fetchMock, deps } = setup();
    fetchMock.mockImplementation(async () => jsonResponse(401, { success: true, code: 401, message: 'Token失效，请重新登录!' }));
    const all = Array.from({ length: 10 }, (_, i) => http.get(`/p${i}`).catch((e: unknown) => e));
    const errors = await Promise.all(all);
    expect(errors.every((e) => e instanceof HttpError && e.status === 401)).toBe(true);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith(NOTICE.EXPIRED, 4);
    expect(deps.logout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(deps.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('401 still reloads when the logout call fails', async () => {
    vi.useFakeTimers();
    const { http, fetchMock, deps } = setup({ logout: vi.fn(() => Promise.reject(new Error('down'))) });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await http.get('/x').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1500);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('401 without a token shows the notice but does not log out', async () => {
    const { http, fetchMock, deps } = setup({ getToken: () => null });
    fetchMock.mockResolvedValue(jsonResponse(401, {}));
    await http.get('/x').catch(() => undefined);
    expect(deps.notify).toHaveBeenCalledWith(NOTICE.EXPIRED, 4);
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('timeout (default 9000 ms, overridable) gives 网络超时', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockImplementation(
      (_u, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const err = (await http.get('/slow', {}, { timeout: 20 }).catch((e: unknown) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.timeout).toBe(true);
    expect(err.message).toBe('timeout of 20ms exceeded');
    expect(deps.notify).toHaveBeenCalledWith(NOTICE.TIMEOUT, 4);
  });

  it('default timeout is 9000 ms', async () => {
    vi.useFakeTimers();
    const { http, fetchMock } = setup();
    fetchMock.mockImplementation(
      (_u, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const p = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(8999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await p) as HttpError).timeout).toBe(true);
  });

  it('no response: the error text is shown', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toThrow('Failed to fetch');
    expect(deps.notify).toHaveBeenCalledWith('Failed to fetch', 4);
  });

  it('silent suppresses notices', async () => {
    const { http, fetchMock, deps } = setup();
    fetchMock.mockResolvedValue(jsonResponse(404, {}));
    await http.get('/x', {}, { silent: true }).catch(() => undefined);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('absolute urls are used as given', async () => {
    const { http, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, ok));
    await http.post('https://other.example/api');
    expect(fetchMock.mock.calls[0][0]).toBe('https://other.example/api');
  });
});
