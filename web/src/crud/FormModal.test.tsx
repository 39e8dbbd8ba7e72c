import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { positionEntity, roleEntity, type EntityDef, type Result } from '@pk/contract';
import { http } from '../api/request';
import { FormModal } from './FormModal';
import type { EntityRow } from './formBody';
import { closeAntdOverlays } from '../test/antdOverlays';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

function res<T>(result: T, message: string, success = true): Result<T> {
  return { success, code: success ? 200 : 500, message, result, timestamp: 0 };
}

function renderModal(record: EntityRow | null, onSaved = vi.fn(), onClose = vi.fn(), entity: EntityDef = positionEntity) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <FormModal entity={entity} open record={record} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { ...utils, onSaved, onClose };
}

// `hidden: true` skips jsdom's slow visibility check; accessible names are still computed.
const byRole = (role: string, name: string | RegExp) => screen.getByRole(role, { name, hidden: true });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  mocked.get.mockResolvedValue(
    res(
      [
        { value: '3', text: '中级' },
        { value: '5', text: '正高级' },
      ],
      '',
    ) as never,
  );
});

afterEach(async () => {
  await closeAntdOverlays(); // static containers outlive cleanup(); their work must not run after teardown
  vi.clearAllMocks();
});

describe('FormModal', () => {
  it('titles the add dialog 新增 and shows the required messages', async () => {
    const u = user();
    renderModal(null);
    expect(screen.getByText('新增')).toBeTruthy();
    await u.click(byRole('button', /确\s*定/));
    expect(await screen.findByText('请输入职务编码!')).toBeTruthy();
    expect(screen.getByText('请输入职务名称!')).toBeTruthy();
    expect(screen.getByText('请选择职级!')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it('POSTs the declared fields to add, shows the message, closes and reloads', async () => {
    mocked.post.mockResolvedValue(res(null, '添加成功！'));
    const u = user();
    const { onSaved, onClose } = renderModal(null);
    await u.type(byRole('textbox', '职务编码'), 'dev');
    await u.type(byRole('textbox', '职务名称'), '开发');
    await u.click(byRole('combobox', '职级'));
    await u.click(await screen.findByTitle('中级'));
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sys/position/add', { code: 'dev', name: '开发', postRank: '3' }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalled();
  });

  it('PUTs the edited row with its id only, and stays open on a failure message', async () => {
    mocked.put.mockResolvedValue(res(null, '职务编码已存在', false));
    const u = user();
    const { onSaved, onClose } = renderModal({
      id: '9',
      code: 'ceo',
      name: '总经理',
      postRank: '5',
      postRank_dictText: '正高级',
      createTime: '2024-01-01 00:00:00',
      createBy: 'admin',
    });
    expect(screen.getByText('编辑')).toBeTruthy();
    expect((byRole('textbox', '职务编码') as HTMLInputElement).value).toBe('ceo');
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/sys/position/edit', { code: 'ceo', name: '总经理', postRank: '5', id: '9' }));
    expect(await screen.findByText('职务编码已存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a fixedOnEdit field (the role code) is typed when adding and read-only when editing', async () => {
    const { unmount } = renderModal(null, vi.fn(), vi.fn(), roleEntity);
    expect((byRole('textbox', '角色编码') as HTMLInputElement).disabled).toBe(false);
    unmount();
    renderModal({ id: '1', roleName: '管理员', roleCode: 'admin' }, vi.fn(), vi.fn(), roleEntity);
    expect((byRole('textbox', '角色编码') as HTMLInputElement).disabled).toBe(true);
    expect((byRole('textbox', '角色名称') as HTMLInputElement).disabled).toBe(false);
  });
});
