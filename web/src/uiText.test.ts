/**
 * Issue 10 point 17: the UI speaks Chinese wherever a user reads. Scans every component and page for the texts a
 * user sees (JSX text; title / label / placeholder / aria-label / message … given as string literals) and fails on
 * an English word outside the short list of names the product keeps as they are (Cron, Excel, AND/OR, IP, the account name admin …).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname);
const SHOWN_PROPS = new Set([
  'title',
  'label',
  'placeholder',
  'aria-label',
  'message',
  'description',
  'tooltip',
  'okText',
  'cancelText',
  'content',
  'text',
  'alt',
  'extra',
  'addonBefore',
  'addonAfter',
  'tip',
  'emptyText',
  'checkedChildren',
  'unCheckedChildren',
]);
/** names and codes shown as they are, in the original too */
const KEPT = /\b(AND|OR|cron|Cron|EXCEL|Excel|xlsx?|Markdown|IP|Copyright|ID|URL|JSON|SQL|API|Y|N|ms|admin)\b|&\w+;/g;
/** placeholders that show an example value (an icon name, permission codes) */
const EXAMPLE = /如:? .*$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function shownTexts(file: string): { where: string; text: string }[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { where: string; text: string }[] = [];
  const literal = (n: ts.Node | undefined) => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : null);
  const visit = (n: ts.Node) => {
    let text: string | null = null;
    if (ts.isJsxText(n)) text = n.text;
    else if (ts.isJsxAttribute(n) && SHOWN_PROPS.has(n.name.getText())) text = literal(n.initializer);
    else if (ts.isPropertyAssignment(n) && SHOWN_PROPS.has(n.name.getText().replace(/['"]/g, ''))) {
      // fieldNames={{ title: 'departName' }} names a data field, not a text
      const inFieldNames =
        ts.isObjectLiteralExpression(n.parent) &&
        ts.isJsxExpression(n.parent.parent) &&
        ts.isJsxAttribute(n.parent.parent.parent) &&
        n.parent.parent.parent.name.getText() === 'fieldNames';
      if (!inFieldNames) text = literal(n.initializer);
    }
    if (text?.trim()) out.push({ where: `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`, text: text.trim() });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('texts a user reads', () => {
  it('are Chinese (no English words but kept names and example values)', () => {
    const all = sources(SRC).flatMap(shownTexts);
    expect(all.length).toBeGreaterThan(500);
    const english = all.filter(({ text }) =>
      /[A-Za-z]{2,}/.test(
        text
          .replace(EXAMPLE, '')
          .replace(/\$\{[^}]*\}/g, '')
          .replace(KEPT, ''),
      ),
    );
    expect(english.map((e) => `${e.where} ${JSON.stringify(e.text)}`)).toEqual([]);
  });
});
