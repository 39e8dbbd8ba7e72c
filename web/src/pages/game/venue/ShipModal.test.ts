import { describe, expect, it } from 'vitest';
import { crewBody, CREW_COLUMNS } from './ShipModal';

// Issue 13: the crew sub-table's rows become the ship body's shipTableList.
describe('ship crew body', () => {
  it('blank cells are null; the picked player, role, seat and join time are sent', () => {
    expect(
      crewBody([
        { id: 'a', userId: '11', memberRole: '1', seatNo: 3, joinTime: '2026-01-01 10:00:00' },
        { id: 'b', userId: '', memberRole: '', seatNo: null, joinTime: '' },
      ]),
    ).toEqual([
      { userId: '11', memberRole: '1', seatNo: 3, joinTime: '2026-01-01 10:00:00' },
      { userId: null, memberRole: null, seatNo: null, joinTime: null },
    ]);
  });

  it('the player column is required and unique', () => {
    const rules = CREW_COLUMNS.find((c) => c.key === 'userId')!.validateRules!;
    expect(rules.some((r) => r.required)).toBe(true);
    expect(rules.some((r) => r.unique)).toBe(true);
  });
});
