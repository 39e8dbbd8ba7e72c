/**
 * Drag-slider verification (001 §2, §4): drag the handle fully right to verify; releasing early resets it to the
 * start; once verified it stays verified (one way) and ignores further dragging.
 */
export interface SliderState {
  /** handle offset in px from the left, 0 … max */
  offset: number;
  dragging: boolean;
  verified: boolean;
  /** pointer x where the drag started, minus the offset then */
  grab: number;
}

export const SLIDER_TEXT = { prompt: '请按住滑块拖动', verified: '验证通过' } as const;

export const initialSlider: SliderState = { offset: 0, dragging: false, verified: false, grab: 0 };

export function sliderDown(s: SliderState, pointerX: number): SliderState {
  if (s.verified) return s;
  return { ...s, dragging: true, grab: pointerX - s.offset };
}

export function sliderMove(s: SliderState, pointerX: number, max: number): SliderState {
  if (s.verified || !s.dragging) return s;
  return { ...s, offset: Math.min(max, Math.max(0, pointerX - s.grab)) };
}

/** Release: fully right → verified; anywhere else → back to the start. */
export function sliderUp(s: SliderState, max: number): SliderState {
  if (s.verified || !s.dragging) return s;
  if (max > 0 && s.offset >= max) return { ...s, offset: max, dragging: false, verified: true };
  return { ...s, offset: 0, dragging: false };
}

export function sliderText(s: SliderState, prompt: string = SLIDER_TEXT.prompt, verified: string = SLIDER_TEXT.verified): string {
  return s.verified ? verified : prompt;
}
