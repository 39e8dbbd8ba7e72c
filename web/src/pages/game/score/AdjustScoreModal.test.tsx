import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../../api/request';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { AdjustScoreModal, ADJUST_TEXT } from './AdjustScoreModal';

vi.mock('../../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(async () => {
  await closeAntdOverlays();
  vi.mocked(http.post).mockReset();
});

const target = { userId: 'u1', name: '路飞', available: 30 };
const envelope = (success: boolean, message: string) => ({ success, code: success ? 200 : 500, message, result: null, timestamp: 0 });

describe('调整积分 dialog', () => {
  it('requires a non-zero change and a reason before sending', async () => {
    const user = userEvent.setup();
    render(<AdjustScoreModal target={target} onClose={vi.fn()} onDone={vi.fn()} />);
    expect(await screen.findByText('路飞')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(ADJUST_TEXT.deltaRequired)).toBeInTheDocument();
    expect(await screen.findByText(ADJUST_TEXT.reasonRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton'), '0');
    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(ADJUST_TEXT.deltaZero)).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('sends userId, delta and the trimmed reason; closes and reloads on success', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onDone = vi.fn();
    vi.mocked(http.post).mockResolvedValue(envelope(true, '积分调整成功'));
    render(<AdjustScoreModal target={target} onClose={onClose} onDone={onDone} />);
    await user.type(await screen.findByRole('spinbutton'), '-10');
    await user.type(screen.getByRole('textbox'), ' 误发扣回 ');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/score/pirateScore/adjust', { userId: 'u1', delta: -10, reason: '误发扣回' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open on a refusal (可用积分不足)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    vi.mocked(http.post).mockResolvedValue(envelope(false, '可用积分不足'));
    render(<AdjustScoreModal target={target} onClose={onClose} onDone={vi.fn()} />);
    await user.type(await screen.findByRole('spinbutton'), '-100');
    await user.type(screen.getByRole('textbox'), '扣除');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(await screen.findByText('可用积分不足')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
