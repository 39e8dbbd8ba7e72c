import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { defineEntity } from '@pk/contract';
import { http } from '../../api/request';
import { cleanupPage, failEnvelope, FIRST_ROWS, grantButtons, okEnvelope, renderWithQuery } from '../../test/pageTest';
import { getView } from '../../views/registry';
import OnlCgformAutoList, { formIdOf, ONLINE_LIST_TEXT } from './OnlCgformAutoList';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

// Issue 25 point 9: the menu a designed table's 生成菜单 makes opens its list — our generic list page of the run-time
// definition the server answers, nothing generated in the browser.
const ID = 'f0rm1d';
const crew = defineEntity({
  key: `online_${ID}`,
  title: '船员名册',
  api: `/online/cgform/crud/${ID}`,
  table: 'pk_crew_roster',
  perm: `online:${ID}`,
  fields: [
    { prop: 'name', label: '姓名', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'wage', label: '薪水', type: 'number', sort: true },
  ],
});

afterEach(cleanupPage);

const open = () =>
  renderWithQuery(
    <MemoryRouter initialEntries={[`/online/cgformList/${ID}`]}>
      <OnlCgformAutoList />
    </MemoryRouter>,
  );

describe('OnlCgformAutoList', () => {
  it('is the page of the menu component the generated menus name', () => {
    expect(getView('modules/online/cgform/auto/OnlCgformAutoList')).toBeTypeOf('function');
    expect(formIdOf(`/online/cgformList/${ID}/`)).toBe(ID);
  });

  it('renders the designed table through the generic list page of its definition', async () => {
    grantButtons(`online:${ID}:add`);
    mocked.get.mockImplementation(async (url: string) => {
      if (url === `/online/cgform/api/entity/${ID}`) return okEnvelope(crew);
      if (url === `/online/cgform/crud/${ID}/list`)
        return okEnvelope({ records: [{ id: '1', name: '路飞', wage: 1000 }], total: 1, size: 10, current: 1, pages: 1 });
      return okEnvelope({});
    });
    open();
    expect(await screen.findByText('路飞', undefined, FIRST_ROWS)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /薪水/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增/ })).toBeTruthy();
    expect(mocked.get.mock.calls.map((c) => c[0])).toContain(`/online/cgform/crud/${ID}/list`);
  });

  it('a form not yet synchronised says so instead of a table', async () => {
    mocked.get.mockResolvedValue(failEnvelope('NO_DB_SYNC'));
    open();
    expect(await screen.findByText(ONLINE_LIST_TEXT.notSynced, undefined, FIRST_ROWS)).toBeTruthy();
  });
});
