import { describe, expect, it } from 'vitest';
import { FIELD_FORMATS } from '@pk/contract';
import { buildUserBody, PASSWORD_PATTERN, toUserFormValues } from './data';

const PHONE_PATTERN = FIELD_FORMATS.mobile.pattern;

describe('user dialog conversions', () => {
  it('an edited row → form values: roles, departments, the current one (by orgCode) and tenants', () => {
    const row = { id: '9', username: 'li', realname: '李', orgCode: 'A01A02', relTenantIds: '1,2,', birthday: '2000-01-02', sex: 1 };
    const v = toUserFormValues(
      row,
      ['r1'],
      [
        { value: 'd1', orgCode: 'A01' },
        { value: 'd2', orgCode: 'A01A02' },
      ],
    );
    expect(v.roles).toEqual(['r1']);
    expect(v.departs).toEqual(['d1', 'd2']);
    expect(v.currentDepart).toBe('d2');
    expect(v.tenants).toEqual(['1', '2']);
    expect(v.sex).toBe('1');
    expect((v.birthday as { format: (f: string) => string }).format('YYYY-MM-DD')).toBe('2000-01-02');
  });

  it('falls back to the first department when no orgCode matches; a new user has no extras', () => {
    expect(toUserFormValues({ id: '9', orgCode: null }, [], [{ value: 'd1' }]).currentDepart).toBe('d1');
    expect(toUserFormValues(null, ['r'], [{ value: 'd' }])).toEqual({});
  });

  it('add body: comma lists, the current department first, password and account sent', () => {
    const body = buildUserBody({
      username: ' li ',
      realname: '李',
      password: 'Abc123!@',
      confirmpassword: 'Abc123!@',
      roles: ['r1', 'r2'],
      departs: ['d1', 'd2', 'd3'],
      currentDepart: 'd2',
      tenants: [1, '3'],
    });
    expect(body).toMatchObject({
      username: 'li',
      realname: '李',
      password: 'Abc123!@',
      confirmpassword: 'Abc123!@',
      selectedroles: 'r1,r2',
      selecteddeparts: 'd2,d1,d3',
      relTenantIds: '1,3',
    });
  });

  it('edit body: id, no account or password; a stale current department is ignored; empty lists clear', () => {
    const body = buildUserBody({ username: 'li', realname: '李', password: 'x', departs: ['d1'], currentDepart: 'gone' }, '9');
    expect(body.id).toBe('9');
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
    expect(body.selecteddeparts).toBe('d1');
    expect(body.selectedroles).toBe('');
    expect(body.relTenantIds).toBe('');
  });

  it('password and phone patterns', () => {
    expect(PASSWORD_PATTERN.test('Abc123!@')).toBe(true);
    expect(PASSWORD_PATTERN.test('abcdefgh')).toBe(false);
    expect(PASSWORD_PATTERN.test('Ab1!')).toBe(false);
    expect(PHONE_PATTERN.test('13800138000')).toBe(true);
    expect(PHONE_PATTERN.test('12800138000')).toBe(false);
  });
});
