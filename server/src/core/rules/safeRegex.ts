import { RE2JS } from 're2js';

/**
 * Regular expressions typed by administrators (check rules, contract §6.4) run on RE2JS, a pure-JS port of RE2:
 * matching is linear in the input, so a catastrophic pattern such as `(a+)+$` cannot stall the server (security:
 * ReDoS). RE2 syntax is Java's for everything the original's rules use (classes, quantifiers, anchors, `\d`, `\p{L}`);
 * look-around and back-references are refused when the rule is saved.
 */

/** Longest pattern accepted (the whole rule JSON is 1024 characters). */
export const MAX_PATTERN_LENGTH = 512;

const cache = new Map<string, RE2JS>();
const CACHE_SIZE = 500;

/** The compiled pattern; throws RegexSyntaxError when RE2 cannot compile it. */
export function compileSafe(pattern: string): RE2JS {
  const hit = cache.get(pattern);
  if (hit) return hit;
  if (pattern.length > MAX_PATTERN_LENGTH) throw new RegexSyntaxError(pattern);
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    throw new RegexSyntaxError(pattern);
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, re);
  return re;
}

/** Java `Pattern.matches(pattern, value)`: the pattern must match the entire value. */
export function matchesWhole(pattern: string, value: string): boolean {
  return compileSafe(pattern).matches(value);
}

export class RegexSyntaxError extends Error {
  constructor(readonly pattern: string) {
    super('bad pattern');
  }
}
