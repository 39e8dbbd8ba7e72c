/**
 * Issue 11 point 6: the Chinese messages live in catalogues, one per side (server/src/core/messages.ts `MSG`,
 * web/src/messages.ts `MSG`) plus each area's own `<AREA>_MSG` object. This test fails when a catalogued text is
 * written again as a literal (string, template or JSX text) anywhere else in server/src or web/src, or when two
 * catalogues of one side hold the same text. Tests are not scanned: they assert the contract's texts as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../../..');
/** `MSG`, `USER_MSG`, `SQ_MSG` …: an object of texts. */
const CATALOGUE_NAME = /^([A-Z][A-Z0-9]*_)*MSG$/;
const CHINESE = /[\u4e00-\u9fff]/;

interface Found {
  text: string;
  where: string;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function unwrap(n: ts.Expression): ts.Expression {
  while (ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isParenthesizedExpression(n)) n = n.expression;
  return n;
}

/** The texts of a file's catalogues (`const X_MSG = { … }`) and every other Chinese literal in it. */
function scan(file: string, source: string): { catalogued: Found[]; literals: Found[] } {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const catalogued: Found[] = [];
  const literals: Found[] = [];
  const where = (n: ts.Node) => `${path.relative(REPO, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node, inCatalogue: boolean) => {
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      CATALOGUE_NAME.test(n.name.text) &&
      n.initializer &&
      ts.isObjectLiteralExpression(unwrap(n.initializer))
    ) {
      inCatalogue = true;
    }
    let text: string | null = null;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) text = n.text;
    else if (ts.isJsxText(n)) text = n.text.trim();
    if (text && CHINESE.test(text)) {
      // a catalogue's entry is a property's value; keys and texts inside its functions are ordinary literals
      const entry = inCatalogue && ts.isPropertyAssignment(n.parent) && n.parent.initializer === n;
      (entry ? catalogued : literals).push({ text, where: where(n) });
    }
    ts.forEachChild(n, (c) => visit(c, inCatalogue && !ts.isArrowFunction(c) && !ts.isFunctionExpression(c)));
  };
  visit(sf, false);
  return { catalogued, literals };
}

function scanSide(dir: string): { catalogued: Found[]; literals: Found[] } {
  const all = sources(path.join(REPO, dir)).map((f) => scan(f, fs.readFileSync(f, 'utf8')));
  return { catalogued: all.flatMap((r) => r.catalogued), literals: all.flatMap((r) => r.literals) };
}

/** Catalogued texts written again: `text → where it is catalogued, where it is written`. */
function violations(side: { catalogued: Found[]; literals: Found[] }): string[] {
  const home = new Map<string, string>();
  const out: string[] = [];
  for (const c of side.catalogued) {
    const first = home.get(c.text);
    if (first) out.push(`'${c.text}' is in two catalogues: ${first} and ${c.where}`);
    else home.set(c.text, c.where);
  }
  for (const l of side.literals) {
    const at = home.get(l.text);
    if (at) out.push(`'${l.text}' written at ${l.where}: use the catalogue entry of ${at}`);
  }
  return out;
}

describe('message catalogues (issue 11 point 6)', () => {
  it('finds a catalogued text written again, and a text in two catalogues', () => {
    const a = scan('/x/a.ts', `export const MSG = { deleted: '删除成功!', n: (k: number) => \`第\${k}行\` } as const;\nthrow new Error('删除成功!');`);
    const b = scan('/x/b.tsx', `const USER_MSG = { gone: '删除成功!' };\nexport const P = () => <p>删除成功!</p>;`);
    const found = violations({ catalogued: [...a.catalogued, ...b.catalogued], literals: [...a.literals, ...b.literals] });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/two catalogues/);
    expect(found[1]).toMatch(/a\.ts:2: use the catalogue entry of .*a\.ts:1$/);
    expect(found[2]).toMatch(/b\.tsx:2: use/);
  });

  for (const [side, dir, central] of [
    ['server', 'server/src', 'server/src/core/messages.ts'],
    ['web', 'web/src', 'web/src/messages.ts'],
  ] as const) {
    it(`${side}: each catalogued text is written once, in its catalogue`, () => {
      const found = scanSide(dir);
      expect(found.catalogued.filter((c) => c.where.startsWith(`${central}:`)).length, `${central} holds the side's catalogue`).toBeGreaterThan(5);
      expect(violations(found)).toEqual([]);
    });
  }
});
