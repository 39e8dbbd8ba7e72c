import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { DETAIL_MODAL_WIDTH, DetailModal } from './DetailModal';

afterEach(closeAntdOverlays);

const box = () => document.querySelector('[data-fullscreen]') as HTMLElement;

// 001 §2, §9: details dialog width 1200 with a fullscreen switch; dragging is off in fullscreen; footer 关闭.
describe('DetailModal', () => {
  it('width 1200; the switch enters and leaves fullscreen; dragging is off while fullscreen', () => {
    const onFull = vi.fn();
    render(
      <DetailModal open title="详情" onCancel={() => undefined} onFullscreenChange={onFull}>
        内容
      </DetailModal>,
    );
    expect(DETAIL_MODAL_WIDTH).toBe(1200);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(box().dataset.fullscreen).toBe('false');
    expect(screen.getByTestId('modal-drag-handle').style.cursor).toBe('move');
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(box().dataset.fullscreen).toBe('true');
    expect(onFull).toHaveBeenLastCalledWith(true);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('100vw');
    expect(screen.getByTestId('modal-drag-handle').style.cursor).toBe('default');
    fireEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(box().dataset.fullscreen).toBe('false');
    expect(onFull).toHaveBeenLastCalledWith(false);
    expect(screen.getByTestId('modal-drag-handle').style.cursor).toBe('move');
  });

  it('the footer has only 关闭, which closes', () => {
    const onCancel = vi.fn();
    render(
      <DetailModal open title="详情" onCancel={onCancel}>
        内容
      </DetailModal>,
    );
    fireEvent.click(screen.getByRole('button', { name: '关 闭' }));
    expect(onCancel).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '确 定' })).toBeNull();
  });
});
