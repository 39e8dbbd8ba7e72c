import { describe, expect, it } from 'vitest';
import { canDrag, dragOffset } from './drag';
import { DETAIL_MODAL_WIDTH } from './DetailModal';

const VIEW = { width: 1440, height: 900 };
const RECT = { left: 120, top: 100, width: 1200, height: 500 };

describe('draggable modal', () => {
  it('drags only when draggable and not fullscreen', () => {
    expect(canDrag(true, false)).toBe(true);
    expect(canDrag(true, true)).toBe(false);
    expect(canDrag(false, false)).toBe(false);
  });

  it('follows the pointer from the offset it had', () => {
    expect(dragOffset({ x: 10, y: 5 }, { x: 500, y: 120 }, { x: 530, y: 160 }, RECT, VIEW)).toEqual({ x: 40, y: 45 });
  });

  it('keeps the dialog inside the viewport (title reachable)', () => {
    expect(dragOffset({ x: 0, y: 0 }, { x: 500, y: 120 }, { x: -900, y: -500 }, RECT, VIEW)).toEqual({ x: -120, y: -100 });
    expect(dragOffset({ x: 0, y: 0 }, { x: 500, y: 120 }, { x: 2000, y: 2000 }, RECT, VIEW)).toEqual({ x: 120, y: 752 });
  });

  it('details dialog is 1200 wide (001 §9)', () => {
    expect(DETAIL_MODAL_WIDTH).toBe(1200);
  });
});
