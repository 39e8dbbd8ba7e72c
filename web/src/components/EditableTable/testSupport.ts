/**
 * Test helpers of the editable table's UI tests (not a test file itself).
 * jsdom has no layout: the scroll box gets a size (1200×400) so the virtualiser lays out rows; `rowHeightFor`
 * gives the rows of chosen ids a height too (the sub-table popover measures its row).
 */
import { afterAll, beforeAll } from 'vitest';
import { BUTTON_AUTH_KEY } from '../../crud/auth';

const rect = (top: number, height: number, width = 1200) =>
  ({ x: 0, y: top, top, left: 0, width, height, right: width, bottom: top + height, toJSON() {} }) as DOMRect;

/** Ids of rows that report a box (top 100, height 61) instead of jsdom's zeros. */
export const measuredRows = new Set<string>();

export function mockTableLayout(): void {
  const realRect = HTMLElement.prototype.getBoundingClientRect;
  beforeAll(() => {
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      if (this.classList.contains('pk-et-scroller')) return rect(0, 400);
      if (this.classList.contains('pk-et-row') && measuredRows.has(this.dataset.rowId ?? '')) return rect(100, 61);
      return realRect.call(this);
    };
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('pk-et-scroller') ? 400 : 0;
      },
    });
    // The virtualiser clamps a scroll to scrollHeight - clientHeight.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('pk-et-scroller') ? 1_000_000 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('pk-et-scroller') ? 1200 : 0;
      },
    });
  });
  afterAll(() => {
    HTMLElement.prototype.getBoundingClientRect = realRect;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollHeight;
  });
}

/** Grants the table's add and batch_delete buttons (no prefix). */
export function grantAddDelete(): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'add,batch_delete', type: '1' }]));
}

export const cellOf = (c: HTMLElement, id: string, key: string) => c.querySelector(`[data-row-id="${id}"] [data-key="${key}"]`) as HTMLElement;
export const rowIds = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('.pk-et-row')].map((r) => r.dataset.rowId);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
