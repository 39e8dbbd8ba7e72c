import { describe, expect, it } from 'vitest';
import { USERNAME_MSG, usernameKey, usernameProblem } from './username.js';

// Issue 23 point 16: look-alike login accounts.
describe('usernameKey', () => {
  it('one key for the names that differ only in case or width', () => {
    for (const v of ['admin', 'Admin', 'ADMIN', 'aDmIn', 'ａｄｍｉｎ', 'ＡＤＭＩＮ']) expect(usernameKey(v), v).toBe('admin');
    expect(usernameKey('Straße')).toBe(usernameKey('STRASSE'));
    expect(usernameKey('ΟΔΥΣΣΕΥΣ')).toBe(usernameKey('οδυσσευσ'));
    expect(usernameKey('ИВАН')).toBe('иван');
    expect(usernameKey('张三')).toBe('张三');
    expect(usernameKey('user_01.x@a')).toBe('user_01.x@a');
  });

  it('different names keep different keys; a Cyrillic а is not a Latin a', () => {
    expect(usernameKey('аdmin')).not.toBe(usernameKey('admin'));
    expect(usernameKey('admin1')).not.toBe(usernameKey('admin'));
    expect(usernameKey('张三')).not.toBe(usernameKey('張三'));
  });

  it('is at most 300 characters, a whole code point each', () => {
    expect(usernameKey('ß'.repeat(200))).toBe('s'.repeat(300));
    expect([...usernameKey('𠀀'.repeat(400))].length).toBe(300);
  });
});

describe('usernameProblem', () => {
  it('one script, digits and punctuation, CJK alone or with Latin, are fine', () => {
    for (const v of [
      'admin',
      'Zhang.San_01',
      'a-b@c',
      '13800138000',
      '张三丰',
      '王小明2',
      '山田たろう',
      'カタカナ',
      '김철수',
      'иван',
      'Ελένη',
      'zhang三',
      'José',
      'ㄅㄆ注音',
    ])
      expect(usernameProblem(v), v).toBeNull();
  });

  it('Latin mixed with Cyrillic or Greek, or Cyrillic with Greek or Han, is refused', () => {
    for (const v of ['аdmin', 'admіn', 'аdmin1', 'pаypal', 'Αdmin', 'adminο', 'иванα', '张三иван'])
      expect(usernameProblem(v), v).toBe(USERNAME_MSG.mixedScripts);
  });

  it('fullwidth and other compatibility characters are refused (NFKC would change them)', () => {
    for (const v of ['ａdmin', 'ａｄｍｉｎ', 'admin１', 'ﬁle', 'ⅸ', 'ｶﾀｶﾅ', 'e\u0301'])
      expect(usernameProblem(v), JSON.stringify(v)).toBe(USERNAME_MSG.compatibility);
  });

  it('spaces, controls and invisible characters are refused', () => {
    for (const v of [' admin', 'ad min', 'ad\u200bmin', 'ad\u200dmin', 'admin\u00ad', '\u202eadmin', 'ad\tmin', 'ad\u3000min', '\u3164', 'a\ue000'])
      expect(usernameProblem(v), JSON.stringify(v)).toBe(USERNAME_MSG.invisible);
  });
});
