import { describe, expect, it } from 'vitest';
import { messageBody, messageValues, TARGET_LISTS } from './GameMessageModal';

describe('消息 dialog: targets', () => {
  it('opens with the stored comma list as picked ids and sends them back as one', () => {
    expect(messageValues({ title: 't' }, { id: 'm1', targetIds: 'a1,b2' })).toMatchObject({ title: 't', targetIdList: ['a1', 'b2'] });
    expect(messageValues({}, null)).toMatchObject({ targetIdList: [] });
    expect(messageBody({ title: 't' }, { targetType: 2, targetIdList: ['a1', 'b2'] })).toEqual({ title: 't', targetIds: 'a1,b2' });
    expect(messageBody({ title: 't' }, { targetType: 3, targetIdList: ['s1'] })).toEqual({ title: 't', targetIds: 's1' });
  });

  it('全部玩家 sends no targets; players and ships are picked from their option lists', () => {
    expect(messageBody({}, { targetType: 1, targetIdList: ['a1'] })).toEqual({ targetIds: null });
    expect(TARGET_LISTS).toEqual({ 2: '/book/user/userList', 3: '/book/pirateShip/shipList' });
  });
});
