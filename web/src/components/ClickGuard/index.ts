export { CLICK_GUARD_MS, CLICK_TOO_FAST, createClickGuard } from './clickGuard';
export { useClickGuard } from './useClickGuard';
