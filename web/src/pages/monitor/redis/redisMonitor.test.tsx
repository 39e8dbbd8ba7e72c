import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { failEnvelope, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import RedisInfo, { POLL_MS } from './RedisInfo';
import RedisTerminal from './RedisTerminal';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
// The chart's ECharts chunk is not what these tests look at.
vi.mock('../../../components/chart/Chart', () => ({
  Chart: ({ label, option }: { label?: string; option: { xAxis?: { data?: unknown[] } } }) => (
    <div role="img" aria-label={label} data-points={option.xAxis?.data?.length ?? 0} />
  ),
}));

const mocked = vi.mocked(http);
const NOT_CONFIGURED = '未配置Redis（REDIS_URL），Redis监控不可用';
const calls = (url: string) => mocked.get.mock.calls.filter(([u]) => u === url).length;

function serveRedis() {
  let n = 0;
  mocked.get.mockImplementation(async (url: string) => {
    n++;
    if (url === '/sys/actuator/redis/info')
      return okEnvelope([
        { key: 'redis_version', value: '7.0.15', description: 'Redis 服务器版本' },
        { key: 'connected_clients', value: '3', description: '已连接客户端的数量' },
      ]);
    // bare objects, as the contract says
    if (url === '/sys/actuator/redis/keysSize') return { dbSize: 10 + n, create_time: 1_700_000_000_000 + n * 1000 } as never;
    if (url === '/sys/actuator/redis/memoryInfo') return { used_memory: String(1_000_000 + n), create_time: 1_700_000_000_000 + n * 1000 } as never;
    throw new Error(`unexpected ${url}`);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(async () => {
  vi.useRealTimers();
  // (cleanupPage does not wait for the overlays' act: the next test's render would land inside it)
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
});

describe('Redis监控 page', () => {
  it('says Redis is not configured and polls nothing', async () => {
    mocked.get.mockResolvedValue(failEnvelope(NOT_CONFIGURED));
    renderWithQuery(<RedisInfo />);
    expect(await screen.findByText(NOT_CONFIGURED)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(POLL_MS * 3));
    expect(calls('/sys/actuator/redis/keysSize')).toBe(0);
    expect(calls('/sys/actuator/redis/memoryInfo')).toBe(0);
    expect(document.querySelectorAll('[data-points]')).toHaveLength(0);
  });

  it("without REDIS_URL shows the server's explanation row as a notice and polls nothing", async () => {
    const description = '未配置 Redis：环境变量 REDIS_URL 未设置，键值存储运行在数据库中（sys_kv 表）';
    mocked.get.mockImplementation(async (url: string) => {
      if (url === '/sys/actuator/redis/info') return okEnvelope([{ key: 'REDIS_URL', value: '未配置', description }], NOT_CONFIGURED);
      return { dbSize: 0, create_time: 1_700_000_000_000 } as never;
    });
    renderWithQuery(<RedisInfo />);
    expect(await screen.findByText(NOT_CONFIGURED)).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(POLL_MS * 3));
    expect(calls('/sys/actuator/redis/keysSize')).toBe(0);
    expect(calls('/sys/actuator/redis/memoryInfo')).toBe(0);
    expect(document.querySelectorAll('[data-points]')).toHaveLength(0);
  });

  it('shows the INFO table and two charts, polls while shown, pauses in a hidden keep-alive tab, stops on unmount', async () => {
    serveRedis();
    const pane = document.createElement('div');
    pane.setAttribute('data-page-key', '/monitor/redis/info');
    document.body.appendChild(pane);
    // rendered inside a pane as the keep-alive outlet does (layouts/BasicLayout/KeepAliveOutlet.tsx)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const r = render(
      <QueryClientProvider client={client}>
        <RedisInfo />
      </QueryClientProvider>,
      { container: pane },
    );
    expect(await screen.findByText('redis_version')).toBeTruthy();
    expect(screen.getByText('Redis 服务器版本')).toBeTruthy();
    expect(document.querySelectorAll('[data-points]')).toHaveLength(2);
    await waitFor(() => expect(calls('/sys/actuator/redis/keysSize')).toBe(1));
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await waitFor(() => expect(calls('/sys/actuator/redis/keysSize')).toBe(2));
    await waitFor(() => expect(Number(document.querySelector('[data-points]')!.getAttribute('data-points'))).toBe(2));

    // the tab goes to the background: the outlet sets `hidden` on its pane
    await act(async () => pane.setAttribute('hidden', ''));
    await waitFor(() => expect(screen.getByText('已暂停（页面不在前台）')).toBeTruthy());
    await act(async () => vi.advanceTimersByTime(POLL_MS * 4));
    expect(calls('/sys/actuator/redis/keysSize')).toBe(2);
    expect(calls('/sys/actuator/redis/memoryInfo')).toBe(2);

    // back in front: polling resumes
    await act(async () => pane.removeAttribute('hidden'));
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await waitFor(() => expect(calls('/sys/actuator/redis/keysSize')).toBeGreaterThan(2));

    // closed: no timer left behind
    r.unmount();
    const after = calls('/sys/actuator/redis/keysSize');
    await act(async () => vi.advanceTimersByTime(POLL_MS * 4));
    expect(calls('/sys/actuator/redis/keysSize')).toBe(after);
    pane.remove();
  });
});

describe('Redis终端 page', () => {
  it('runs a command, shows refusals in red, walks the history', async () => {
    mocked.get.mockResolvedValue(okEnvelope({ configured: true, commands: [{ name: 'GET', usage: 'GET key' }] }));
    mocked.post.mockImplementation(async (_url: string, body: unknown) => {
      const command = (body as { command: string }).command;
      if (command.startsWith('FLUSHALL')) return failEnvelope('不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）');
      return okEnvelope({ command, output: '"PONG"', truncated: false });
    });
    renderWithQuery(<RedisTerminal />);
    expect(await screen.findByText('GET')).toBeTruthy();
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'PING' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('"PONG"')).toBeTruthy();
    expect(mocked.post).toHaveBeenCalledWith('/sys/actuator/redis/terminal', { command: 'PING' });
    fireEvent.change(input, { target: { value: 'FLUSHALL' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(mocked.post).toHaveBeenCalledTimes(2));
    const refusal = await screen.findByText('不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）');
    expect(refusal.getAttribute('data-error')).toBe('1');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect((input as HTMLInputElement).value).toBe('FLUSHALL');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect((input as HTMLInputElement).value).toBe('PING');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('says Redis is not configured', async () => {
    mocked.get.mockResolvedValue(okEnvelope({ configured: false, commands: [] }, NOT_CONFIGURED));
    renderWithQuery(<RedisTerminal />);
    expect(await screen.findByText(NOT_CONFIGURED)).toBeTruthy();
  });
});
