// docs/PERFORMANCE.md is written by more than one benchmark: `npm run bench` writes the whole file, and a browser
// benchmark (bench/editable-table.mjs) owns one section, marked `<!-- section:NAME -->` … `<!-- /section:NAME -->`.
// Each keeps the other's figures: the bench carries the marked sections over, a section writer replaces its own.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.mjs';

export const PERF_DOC = path.join(ROOT, 'docs/PERFORMANCE.md');
const SECTION = /<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->\n?/g;

const read = () => (fs.existsSync(PERF_DOC) ? fs.readFileSync(PERF_DOC, 'utf8') : '');
const wrap = (name, md) => `<!-- section:${name} -->\n${md.trim()}\n<!-- /section:${name} -->\n`;

/** Write the whole document, carrying over the marked sections of the current file. */
export function writePerfDoc(md) {
  const sections = read().match(SECTION) ?? [];
  fs.writeFileSync(PERF_DOC, `${md.trimEnd()}\n${sections.length ? `\n${sections.join('\n')}` : ''}`);
}

/** Replace (or append) one marked section, leaving the rest of the document as it is. */
export function writePerfSection(name, md) {
  const doc = read();
  const block = wrap(name, md);
  const re = new RegExp(`<!-- section:${name} -->[\\s\\S]*?<!-- /section:${name} -->\\n?`);
  fs.writeFileSync(PERF_DOC, re.test(doc) ? doc.replace(re, () => block) : `${doc.trimEnd()}\n\n${block}`); // a function: `$` in the text is literal
}
