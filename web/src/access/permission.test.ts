import { describe, expect, it } from 'vitest';
import {
  actionCodes,
  excludedByPrefix,
  grantedSuffixes,
  isButtonAllowed,
  isDisabledByAuth,
  isGranted,
  normalizePrefix,
  parseAuthList,
  type AuthItem,
} from './permission';

const btn = (action: string, type = '1', status = '1'): AuthItem => ({ action, type, status, describe: action });

describe('actionCodes', () => {
  it('splits comma-separated actions and trims them', () => {
    expect(actionCodes({ action: 'a:add, a:edit,,a:delete ' })).toEqual(['a:add', 'a:edit', 'a:delete']);
    expect(actionCodes({ action: '' })).toEqual([]);
  });
});

describe('isGranted (the element is removed unless granted)', () => {
  const auth = [btn('user:add'), btn('user:edit,user:delete')];

  it('keeps the element when a granted entry holds the action', () => {
    expect(isGranted('user:add', auth)).toBe(true);
  });

  it('splits comma-separated granted actions', () => {
    expect(isGranted('user:edit', auth)).toBe(true);
    expect(isGranted('user:delete', auth)).toBe(true);
  });

  it('matches whole codes only', () => {
    expect(isGranted('user:ad', auth)).toBe(false);
    expect(isGranted('user:add:x', auth)).toBe(false);
  });

  it('removes the element when the action is not granted', () => {
    expect(isGranted('user:exportXls', auth)).toBe(false);
  });

  it('removes the element when there is no permission list at all', () => {
    expect(isGranted('user:add', [])).toBe(false);
    expect(isGranted('user:add', [], [btn('user:add')])).toBe(false);
  });

  it('ignores type 2 (disabled-style) entries', () => {
    expect(isGranted('user:form:phone', [btn('user:form:phone', '2')])).toBe(false);
    // a list holding only type-2 entries counts as no list
    expect(isGranted('user:add', [btn('user:form:phone', '2')])).toBe(false);
  });

  it('keeps the element when the configured rule is switched off (status 0)', () => {
    expect(isGranted('user:add', [], [btn('user:add', '1', '0')])).toBe(true);
    expect(isGranted('user:add', [], [btn('user:list,user:add', '1', '0')])).toBe(true);
  });

  it('a valid configured rule (status 1) does not grant by itself', () => {
    expect(isGranted('user:exportXls', auth, [btn('user:exportXls', '1', '1')])).toBe(false);
  });

  it('a status-0 type-2 configuration does not switch off the removal rule', () => {
    expect(isGranted('user:add', [], [btn('user:add', '2', '0')])).toBe(false);
  });

  it('never grants an empty action', () => {
    expect(isGranted('', auth)).toBe(false);
    expect(isGranted('  ', auth)).toBe(false);
  });
});

describe('isDisabledByAuth (perms_type 2: shown disabled unless granted)', () => {
  const config = [btn('user:form:phone', '2', '1'), btn('user:form:birthday', '2', '0')];

  it('is disabled when configured as type 2, valid, and not granted', () => {
    expect(isDisabledByAuth('user:form:phone', [], config)).toBe(true);
    expect(isDisabledByAuth('user:form:phone', [btn('user:add')], config)).toBe(true);
  });

  it('is enabled when a granted type-2 entry holds the action (comma lists split)', () => {
    expect(isDisabledByAuth('user:form:phone', [btn('user:form:phone', '2')], config)).toBe(false);
    expect(isDisabledByAuth('user:form:phone', [btn('x:y,user:form:phone', '2')], config)).toBe(false);
  });

  it('a granted type-1 entry does not count', () => {
    expect(isDisabledByAuth('user:form:phone', [btn('user:form:phone', '1')], config)).toBe(true);
  });

  it('is enabled when the configured rule has status 0', () => {
    expect(isDisabledByAuth('user:form:birthday', [], config)).toBe(false);
  });

  it('keeps the default (enabled) when the action is not configured', () => {
    expect(isDisabledByAuth('user:form:email', [], config)).toBe(false);
    expect(isDisabledByAuth('user:form:email', [], [])).toBe(false);
  });

  it('a type-1 configuration does not make the field disabled', () => {
    expect(isDisabledByAuth('user:sex', [], [btn('user:sex', '1', '1')])).toBe(false);
  });

  it('an empty action is never disabled', () => {
    expect(isDisabledByAuth('', [], config)).toBe(false);
  });
});

describe('normalizePrefix', () => {
  it('adds the colon when missing', () => {
    expect(normalizePrefix('demo:table')).toBe('demo:table:');
    expect(normalizePrefix('demo:table:')).toBe('demo:table:');
    expect(normalizePrefix(' x ')).toBe('x:');
  });
  it('leaves an empty prefix empty', () => {
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix(undefined)).toBe('');
    expect(normalizePrefix(null)).toBe('');
  });
});

describe('grantedSuffixes (the prefix helper)', () => {
  it('lists suffixes of granted type-1 actions under the prefix', () => {
    const auth = [btn('demo:t:add'), btn('demo:t:edit,other:x'), btn('demo:t:phone', '2'), btn('demo:tt:add')];
    expect(grantedSuffixes('demo:t', auth).sort()).toEqual(['add', 'edit']);
  });
  it('is empty without a prefix', () => {
    expect(grantedSuffixes('', [btn('a:b')])).toEqual([]);
  });
});

describe('excludedByPrefix (the exclusion list)', () => {
  const allAuth = [btn('demo:t:add'), btn('demo:t:batch_delete'), btn('demo:t:off', '1', '0'), btn('demo:t:dis', '2'), btn('other:add')];

  it('lists configured, valid type-1 suffixes that are not granted', () => {
    expect(excludedByPrefix('demo:t', [], allAuth).sort()).toEqual(['add', 'batch_delete']);
    expect(excludedByPrefix('demo:t:', [btn('demo:t:add')], allAuth)).toEqual(['batch_delete']);
  });

  it('adds the colon to the prefix when missing (no partial-segment match)', () => {
    expect(excludedByPrefix('demo', [], [btn('demo:add'), btn('demox:add')])).toEqual(['add']);
  });

  it('is empty without a prefix: every button allowed', () => {
    expect(excludedByPrefix('', [], allAuth)).toEqual([]);
    expect(excludedByPrefix(undefined, [], allAuth)).toEqual([]);
  });
});

describe('isButtonAllowed', () => {
  it('allows every button with no exclusion list', () => {
    expect(isButtonAllowed('add', [])).toBe(true);
    expect(isButtonAllowed('remove', null)).toBe(true);
    expect(isButtonAllowed('remove', undefined)).toBe(true);
  });
  it('hides an excluded button and keeps the others', () => {
    expect(isButtonAllowed('add', ['add'])).toBe(false);
    expect(isButtonAllowed('clearSelection', ['add'])).toBe(true);
  });
  it('a batch_delete exclusion also hides remove', () => {
    expect(isButtonAllowed('remove', ['batch_delete'])).toBe(false);
    expect(isButtonAllowed('batch_delete', ['batch_delete'])).toBe(false);
    expect(isButtonAllowed('remove', ['add'])).toBe(true);
  });
});

describe('parseAuthList', () => {
  it('tolerates a missing, broken or odd value', () => {
    expect(parseAuthList(null)).toEqual([]);
    expect(parseAuthList('{not json')).toEqual([]);
    expect(parseAuthList('{"a":1}')).toEqual([]);
    expect(parseAuthList('[1, null, {"action": 2}, {"action": "a:b"}]')).toEqual([{ action: 'a:b' }]);
    expect(parseAuthList(JSON.stringify({ value: [btn('a:b')] }))).toHaveLength(1);
  });
});
