import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { tenantEntity } from './data';
import { TenantModal } from './TenantModal';
import { closeAntdOverlays } from '../../../test/antdOverlays';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

function res<T>(result: T, msg: string, success = true): Result<T> {
  return { success, code: success ? 200 : 500, message: msg, result, timestamp: 0 };
}

function renderModal(record: EntityRow | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TenantModal entity={tenantEntity} open record={record} onClose={onClose} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, onClose };
}

const byRole = (role: string, name: string | RegExp) => screen.getByRole(role, { name, hidden: true });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  mocked.get.mockResolvedValue(
    res(
      [
        { value: '1', text: '正常' },
        { value: '0', text: '冻结' },
      ],
      '',
    ) as never,
  );
});

afterEach(async () => {
  await closeAntdOverlays(); // static containers outlive cleanup(); their work must not run after teardown
  vi.clearAllMocks();
});

describe('TenantModal (FormModal with a typed 租户编号)', () => {
  it('asks for 租户编号 first and POSTs it as the id, with status 正常 by default', async () => {
    mocked.post.mockResolvedValue(res(null, '添加成功！'));
    const u = user();
    const { onSaved, onClose } = renderModal(null);
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels.slice(0, 2)).toEqual(['租户编号', '租户名称']);
    await u.click(byRole('button', /确\s*定/));
    expect(await screen.findByText('请输入租户编号!')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
    // typed with change events: fast on a loaded machine
    fireEvent.change(byRole('spinbutton', '租户编号'), { target: { value: '321' } });
    fireEvent.change(byRole('textbox', '租户名称'), { target: { value: '海贼团' } });
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sys/tenant/add', { name: '海贼团', status: '1', id: 321 }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalled();
  });

  it('shows the id read-only when editing and PUTs the row id', async () => {
    mocked.put.mockResolvedValue(res(null, '编辑成功!'));
    const u = user();
    renderModal({ id: 7 as unknown as string, name: '旧名', status: 0, createTime: '2024-01-01 00:00:00' });
    const idInput = byRole('spinbutton', '租户编号') as HTMLInputElement;
    expect(idInput.value).toBe('7');
    expect(idInput.disabled).toBe(true);
    await u.click(byRole('button', /确\s*定/));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/sys/tenant/edit', { name: '旧名', status: '0', id: '7' }));
  });
});
