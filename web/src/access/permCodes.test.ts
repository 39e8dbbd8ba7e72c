/**
 * The web takes permission codes from the wire contract (`PERM`, `xEntity.perms` of @pk/contract), never as
 * strings typed again: a code renamed in one place must not leave a button silently hidden in another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_PERM_CODES } from '@pk/contract';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Quoted permission codes outside comments, as `file:line code`. */
export function codeLiterals(text: string, codes: ReadonlySet<string>): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\*|\*|\/\/)/.test(line)) return;
    for (const m of line.matchAll(/['"`]([A-Za-z]+(?::[A-Za-z_]+)+)['"`]/g)) if (codes.has(m[1])) found.push(`${i + 1} ${m[1]}`);
  });
  return found;
}

describe('permission codes in the web come from the contract', () => {
  const codes = new Set<string>(ALL_PERM_CODES);

  it('finds a typed code (the check can fail)', () => {
    expect(codeLiterals("const can = hasAuth('user:add');\n// hasAuth('user:edit') in a comment", codes)).toEqual(['1 user:add']);
  });

  it('no source file types a permission code', () => {
    const offenders = sourceFiles(SRC).flatMap((f) => codeLiterals(fs.readFileSync(f, 'utf8'), codes).map((x) => `${path.relative(SRC, f)}:${x}`));
    expect(offenders).toEqual([]);
  });
});
