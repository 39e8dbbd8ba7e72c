import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor give up after 5 s instead of 1 s: under CI load (four suites side by side on two cores) a render can
// take longer than a second; a condition that never holds still fails.
configure({ asyncUtilTimeout: 5000 });

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
