import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defineEntity, ENTITIES, type Result } from '@pk/contract';
import { http } from '../api/request';
import { closeAntdOverlays } from '../test/antdOverlays';
import { addEntities, PAGE_PREFETCH, prefetchPage } from './prefetch';
import { getView } from './registry';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

// Issue 24 point 5, the client's half (the server's: server/test/throwawayEntity.test.ts): a definition alone gives
// its menu component a page (the generic list page) and a prefetch of its list's first page, which the page then
// shows without asking again — for the entities of the build and for one handed over at run time.
const treasureMapEntity = defineEntity({
  key: 'treasureMapThrowaway',
  title: '藏宝图',
  api: '/game/treasureMapThrowaway',
  table: 'tmp_treasure_map',
  perm: 'treasureMapThrowaway',
  menu: { group: 'game', name: '藏宝图（试）', url: '/game/treasureMapThrowaway', component: 'game/TreasureMapThrowawayList', sort: 99 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'mapName', label: '地图名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'pieces', label: '碎片数', type: 'number', sort: true },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false },
  ],
});
const COMPONENT = treasureMapEntity.menu!.component;

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
});

describe('an entity’s page and prefetch follow from its definition', () => {
  it('every entity of the build with a menu has a page and a prefetch entry', () => {
    for (const e of ENTITIES.filter((x) => x.menu)) {
      expect(getView(e.menu!.component), e.key).toBeTypeOf('function');
      expect(PAGE_PREFETCH[e.menu!.component], e.key).toBeTypeOf('function');
    }
  });

  it('a definition handed over at run time gets the list page, whose first page the prefetch already fetched', async () => {
    expect(getView(COMPONENT)).toBeUndefined();
    addEntities([treasureMapEntity]);
    const load = getView(COMPONENT);
    expect(load).toBeTypeOf('function');

    mocked.get.mockImplementation(async (url: string) => {
      if (url === '/game/treasureMapThrowaway/list')
        return ok({
          records: [{ id: '1', mapName: '骷髅岛', pieces: 3, createTime: '2026-12-07 10:00:00' }],
          total: 1,
          size: 10,
          current: 1,
          pages: 1,
        }) as never;
      throw new Error(`unexpected GET ${url}`);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchPage(client, COMPONENT);
    await vi.waitFor(() => expect(mocked.get).toHaveBeenCalledTimes(1));
    expect(mocked.get.mock.calls[0][0]).toBe('/game/treasureMapThrowaway/list');

    const { default: Page } = await load!();
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('骷髅岛')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledTimes(1);
  });
});
