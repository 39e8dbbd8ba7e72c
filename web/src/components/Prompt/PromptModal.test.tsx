import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { PromptModal } from './PromptModal';

afterEach(closeAntdOverlays);

// 001 §2 prompt dialog with a text input: a required prompt refuses an empty (or blank) value with its message.
describe('PromptModal', () => {
  it('required: OK with an empty or blank input shows the required message and does not confirm', async () => {
    const onOk = vi.fn();
    render(<PromptModal open title="请输入名称" required onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: '请输入名称' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: '请输入名称' }), { target: { value: '甲' } });
    expect(screen.queryByText('请输入内容')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('甲'));
  });

  it('a custom required message; not required: an empty value is confirmed', async () => {
    const onOk = vi.fn();
    const { unmount } = render(<PromptModal open title="名称" required requiredMessage="名称不能为空" onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('名称不能为空')).toBeInTheDocument();
    unmount();
    render(<PromptModal open title="备注" onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith(''));
  });
});
