import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { gameDeviceEntity, type Result } from '@pk/contract';
import { http } from '../../../api/request';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { DeviceKeyDialog, KEY_DIALOG_TEXT } from './DeviceKeyDialog';
import { GameDeviceAddModal } from './GameDeviceAddModal';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const res = <T,>(result: T, message: string, success = true): Result<T> => ({ success, code: success ? 200 : 500, message, result, timestamp: 0 });
const ISSUED = { id: '1', keyId: 'dk_0123456789abcdef01234567', secret: 'S3cr3t-shown-once-AbCdEfGhIjKlMnOpQrStUvWxYz' };

beforeEach(() => {
  // the places' option list for 签到点, the dictionary items for 设备类型
  mocked.get.mockImplementation(async (url: string) =>
    url.includes('signPlace/placeList')
      ? res([{ id: 'place-windmill', name: '风车村' }], '')
      : res(
          [
            { value: '1', text: '签到机' },
            { value: '3', text: '宝箱' },
          ],
          '',
        ),
  );
});
afterEach(async () => {
  vi.clearAllMocks();
  // awaited, as in every other dialog test: React work it starts must end before the file's environment goes (once in
  // CI it ran after: "window is not defined")
  await closeAntdOverlays();
});

describe('设备管理: the key is shown once', () => {
  it('shows the key id and the secret with copy buttons and the shown-once warning', async () => {
    const onClose = vi.fn();
    render(<DeviceKeyDialog issued={ISSUED} onClose={onClose} />);
    expect(await screen.findByText(KEY_DIALOG_TEXT.once)).toBeTruthy();
    expect(screen.getByTestId('device-key-id').textContent).toContain(ISSUED.keyId);
    expect(screen.getByTestId('device-secret').textContent).toContain(ISSUED.secret);
    expect(document.querySelectorAll('.ant-typography-copy').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: KEY_DIALOG_TEXT.done, hidden: true }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is closed without a key', () => {
    render(<DeviceKeyDialog issued={null} onClose={vi.fn()} />);
    expect(screen.queryByText(KEY_DIALOG_TEXT.once)).toBeNull();
  });

  const openAdd = (onSaved = vi.fn(), onIssued = vi.fn()) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <GameDeviceAddModal entity={gameDeviceEntity} open record={null} onClose={vi.fn()} onSaved={onSaved} onIssued={onIssued} />
      </QueryClientProvider>,
    );
  const fillNameAndType = async () => {
    fireEvent.change(await screen.findByRole('textbox', { name: '设备名称', hidden: true }), { target: { value: '1号签到机' } });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '设备类型', hidden: true }));
    fireEvent.click(await screen.findByTitle('签到机'));
  };

  it('新增 sends the form to add and hands the issued key on', async () => {
    mocked.post.mockResolvedValue(res(ISSUED, '添加成功！'));
    const onIssued = vi.fn();
    const onSaved = vi.fn();
    openAdd(onSaved, onIssued);
    await fillNameAndType();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '签到点', hidden: true }));
    fireEvent.click(await screen.findByTitle('风车村'));
    fireEvent.click(screen.getByRole('button', { name: '确定', hidden: true }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    expect(mocked.post.mock.calls[0][0]).toBe('/device/gameDevice/add');
    expect(mocked.post.mock.calls[0][1]).toMatchObject({ deviceName: '1号签到机', signPlaceId: 'place-windmill' });
    await waitFor(() => expect(onIssued).toHaveBeenCalledWith(ISSUED));
    expect(onSaved).toHaveBeenCalled();
  });

  it('新增 needs a 签到点: without one the form says 请选择签到点! and sends nothing', async () => {
    openAdd();
    await fillNameAndType();
    fireEvent.click(screen.getByRole('button', { name: '确定', hidden: true }));
    expect(await screen.findByText('请选择签到点!')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
  });
});
