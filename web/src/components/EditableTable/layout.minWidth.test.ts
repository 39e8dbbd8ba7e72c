import { describe, expect, it, vi } from 'vitest';

// The other reading of 001 §9 (datetime 200, user select 220, department select 160): with distinct minimums each
// type must take its own (both default to 190, which would hide a mix-up).
vi.mock('./constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./constants')>()),
  MIN_WIDTH: { date: 135, datetime: 200, sel_user: 220, sel_depart: 160 },
}));

describe('minimum column widths per type', async () => {
  const { columnWidth, minColumnWidth } = await import('./layout');
  it('department select uses its own minimum, user select its own', () => {
    expect(minColumnWidth({ key: 'd', title: '部门', type: 'sel_depart' })).toBe(160);
    expect(minColumnWidth({ key: 'u', title: '用户', type: 'sel_user' })).toBe(220);
    expect(minColumnWidth({ key: 't', title: '时间', type: 'datetime' })).toBe(200);
    expect(minColumnWidth({ key: 'x', title: 'x', type: 'input' })).toBe(0);
    expect(minColumnWidth({ key: 'x', title: 'x', type: 'sel_depart', minWidth: 99 })).toBe(99);
  });
  it('the width and the minimum agree', () => {
    expect(columnWidth({ key: 'd', title: '部门', type: 'sel_depart', width: 100 }, 3)).toBe('160px');
    expect(columnWidth({ key: 'u', title: '用户', type: 'sel_user' }, 3)).toBe('max(30.6667%, 220px)');
  });
});
