/**
 * What the page tests share: an envelope, the button permissions of the signed-in user, a render inside a fresh
 * react-query client, and the clean-up after each test (overlays, mocks, storage). The request client is mocked in
 * each test file (`vi.mock` applies to the file that calls it).
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { BUTTON_AUTH_KEY } from '../crud';
import { closeAntdOverlays } from './antdOverlays';

export function okEnvelope<T>(result: T, message = ''): Result<T> {
  return { success: true, code: 200, message, result, timestamp: 0 };
}

export function failEnvelope(message: string): Result<null> {
  return { success: false, code: 500, message, result: null, timestamp: 0 };
}

/** The signed-in user holds exactly these button codes. */
export function grantButtons(...actions: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(actions.map((action) => ({ action, type: '1', describe: action }))));
}

export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** For afterEach: close antd's overlays, unmount, forget mock calls and stored sessions. */
export function cleanupPage(): void {
  closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
  localStorage.clear();
}

/** waitFor options for the first rows of a page: antd in jsdom on a loaded machine needs seconds. */
export const FIRST_ROWS = { timeout: 10_000 } as const;
