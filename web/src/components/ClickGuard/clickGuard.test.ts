import { describe, expect, it } from 'vitest';
import { CLICK_GUARD_MS, CLICK_TOO_FAST, createClickGuard } from './clickGuard';

describe('click-speed guard (001 §9: 300 ms)', () => {
  it('refuses a second click within the interval and allows it after', () => {
    let t = 1000;
    const allow = createClickGuard(CLICK_GUARD_MS, () => t);
    expect(allow()).toBe(true);
    t += 299;
    expect(allow()).toBe(false);
    t += 1; // 300 ms after the accepted click
    expect(allow()).toBe(true);
  });

  it('a refused click does not extend the wait', () => {
    let t = 0;
    const allow = createClickGuard(300, () => t);
    allow();
    t = 200;
    expect(allow()).toBe(false);
    t = 300;
    expect(allow()).toBe(true);
  });

  it('configurable interval and the JeecgBoot wording', () => {
    let t = 0;
    const allow = createClickGuard(1500, () => t);
    allow();
    t = 1000;
    expect(allow()).toBe(false);
    expect(CLICK_GUARD_MS).toBe(300);
    expect(CLICK_TOO_FAST).toBe('您点击的太快了，请慢一点');
  });
});
