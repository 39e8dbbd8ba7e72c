import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor give up after 15 s instead of 1 s: under CI load (four suites side by side on two cores) one step
// of a dialog test — a role query over an antd modal, a select opening — was measured at 2–3 s with the machine 5×
// oversubscribed, and 5 s failed a right test in CI (设备管理 新增, stop 31). A condition that never holds still fails;
// the test timeout (60 s) stays above this.
configure({ asyncUtilTimeout: 15000 });

// antd reads matchMedia (responsive observers) and getComputedStyle; jsdom lacks the first.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
if (!(window as unknown as { ResizeObserver?: unknown }).ResizeObserver) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window._CONFIG = { domianURL: '/jeecg-boot', staticDomainURL: '/jeecg-boot/sys/common/static' };

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
