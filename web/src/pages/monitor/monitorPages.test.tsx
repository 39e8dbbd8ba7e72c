/**
 * The monitor pages (issue 14 points 1, 3, 4) against mocked calls: figures shown from the Actuator shapes, the
 * trace's rows filtered as the original client does (no OPTIONS, no trace calls), and no timer left after unmount.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from '../../api/request';
import SystemInfo from './SystemInfo';
import Monitor from '../dashboard/Monitor';
import { traceRows } from './HttpTrace';
import type { TraceEntry } from './api';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

const VALUES: Record<string, number> = {
  'system.cpu.count': 8,
  'system.cpu.usage': 0.25,
  'process.cpu.usage': 0.05,
  'system.memory.total': 16 * 1024 ** 3,
  'system.memory.free': 4 * 1024 ** 3,
  'process.start.time': 1_700_000_000,
  'process.uptime': 3_725,
  'tomcat.sessions.active.current': 7,
  'http.server.requests.rate': 12.5,
};

function metric(name: string) {
  return {
    name,
    description: '',
    baseUnit: null,
    measurements: [{ statistic: 'VALUE', value: VALUES[name] ?? 1 }],
    availableTags:
      name === 'nodejs.version'
        ? [
            { tag: 'node', values: ['v20.20.2'] },
            { tag: 'os', values: ['Linux 6.1'] },
            { tag: 'platform', values: ['linux x64'] },
            { tag: 'hostname', values: ['pk-node-1'] },
          ]
        : [],
  };
}

function serve() {
  mocked.get.mockImplementation(async (url: string) => {
    if (url.startsWith('/actuator/metrics/')) return metric(url.slice('/actuator/metrics/'.length)) as never;
    if (url === '/sys/actuator/redis/queryDiskInfo')
      return {
        success: true,
        code: 200,
        message: '查询成功',
        result: [{ name: '/', max: 100 * 1024 ** 3, rest: 40 * 1024 ** 3, restPPT: 60 }],
        timestamp: 0,
      } as never;
    throw new Error(`unexpected ${url}`);
  });
}

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  mocked.get.mockReset();
});

describe('monitor pages', () => {
  it('服务器信息 shows the figures of the Actuator answers', async () => {
    serve();
    wrap(<SystemInfo />);
    await screen.findByText('8 核');
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByText('v20.20.2')).toBeTruthy();
    expect(screen.getByText('1小时2分5秒')).toBeTruthy();
    expect(screen.getByText('Linux 6.1（linux x64）')).toBeTruthy();
  });

  it('监控台 shows sessions, rps and the disk, and leaves no timer after unmount', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    serve();
    const { unmount, client } = wrap(<Monitor />);
    await screen.findByText('/（可用 40.0 GB）');
    const stat = (title: string) =>
      [...document.querySelectorAll('.ant-statistic')]
        .find((el) => el.querySelector('.ant-statistic-title')?.textContent === title)
        ?.querySelector('.ant-statistic-content')?.textContent;
    await waitFor(() => expect(stat('每秒请求')).toBe('12.5'));
    expect(stat('在线会话')).toBe('7');
    expect(stat('系统处理器')).toBe('25%');
    unmount();
    client.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the trace table hides OPTIONS and the trace calls and shows the path', () => {
    const t = (method: string, uri: string): TraceEntry => ({
      timestamp: '2026-01-02T03:04:05.000Z',
      principal: { name: 'admin' },
      request: { method, uri, headers: {}, remoteAddress: '10.0.0.1' },
      response: { status: 200, headers: {} },
      timeTaken: 3,
    });
    const rows = traceRows([
      t('GET', 'http://h:8080/jeecg-boot/sys/user/list'),
      t('OPTIONS', 'http://h/x'),
      t('GET', 'http://h/jeecg-boot/actuator/httptrace'),
    ]);
    expect(rows.map((r) => [r.method, r.uri, r.principal])).toEqual([['GET', '/jeecg-boot/sys/user/list', 'admin']]);
  });
});
