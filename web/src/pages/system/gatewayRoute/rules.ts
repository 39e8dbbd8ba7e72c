/**
 * A gateway route's predicates and filters in the editor: each rule is a name and its args shown as tags. Args
 * of the form `key=value` (every tag) become an object, anything else an array of strings (Spring's shortcut form);
 * generated keys (`_genkey_0`) are shown by value alone.
 */
import type { GatewayRule } from '@pk/contract';

/** The names offered (free text is allowed too). */
export const PREDICATE_NAMES = ['Path', 'Host', 'Method', 'Header', 'Query', 'Cookie', 'After', 'Before', 'Between', 'RemoteAddr', 'Weight'];
export const FILTER_NAMES = [
  'StripPrefix',
  'PrefixPath',
  'RewritePath',
  'SetPath',
  'AddRequestHeader',
  'AddResponseHeader',
  'RequestRateLimiter',
  'Retry',
  'Hystrix',
];

export interface RuleDraft {
  name: string;
  tags: string[];
}

export function toDrafts(rules: GatewayRule[] | null | undefined): RuleDraft[] {
  return (rules ?? []).map((r) => ({
    name: r.name,
    tags: Array.isArray(r.args)
      ? r.args.map(String)
      : Object.entries(r.args ?? {}).map(([k, v]) => (k.startsWith('_genkey_') ? String(v) : `${k}=${String(v)}`)),
  }));
}

const KEY_VALUE = /^([^=\s]+)=(.*)$/;

export function fromDrafts(drafts: RuleDraft[] | null | undefined): GatewayRule[] {
  return (drafts ?? [])
    .filter((d) => d.name?.trim())
    .map((d) => {
      const tags = (d.tags ?? []).map((t) => t.trim()).filter(Boolean);
      const pairs = tags.map((t) => KEY_VALUE.exec(t));
      const args = tags.length && pairs.every(Boolean) ? Object.fromEntries(pairs.map((m) => [m![1], m![2]])) : tags;
      return { name: d.name.trim(), args };
    });
}
