import { describe, expect, it } from 'vitest';
import { SLIDER_TEXT, initialSlider, sliderDown, sliderMove, sliderText, sliderUp } from './slider';

const MAX = 260;

describe('slider verification (001 §2, §4)', () => {
  it('dragging fully right and releasing verifies; the text changes', () => {
    let s = sliderDown(initialSlider, 100);
    s = sliderMove(s, 100 + 400, MAX); // past the end: clamped
    expect(s.offset).toBe(MAX);
    expect(sliderText(s)).toBe(SLIDER_TEXT.prompt);
    s = sliderUp(s, MAX);
    expect(s).toMatchObject({ verified: true, dragging: false, offset: MAX });
    expect(sliderText(s)).toBe('验证通过');
  });

  it('releasing early resets to the start', () => {
    let s = sliderDown(initialSlider, 100);
    s = sliderMove(s, 100 + MAX - 1, MAX);
    s = sliderUp(s, MAX);
    expect(s).toMatchObject({ verified: false, offset: 0, dragging: false });
    expect(sliderText(s)).toBe('请按住滑块拖动');
  });

  it('cannot go left of the start; moves without a press do nothing', () => {
    expect(sliderMove(sliderDown(initialSlider, 100), 20, MAX).offset).toBe(0);
    expect(sliderMove(initialSlider, 300, MAX)).toBe(initialSlider);
  });

  it('one way: a verified slider ignores dragging', () => {
    const done = sliderUp(sliderMove(sliderDown(initialSlider, 0), MAX, MAX), MAX);
    expect(sliderDown(done, 10)).toBe(done);
    expect(sliderMove(done, 0, MAX)).toBe(done);
    expect(sliderUp(done, MAX)).toBe(done);
  });
});
