/**
 * The code editor's languages, as 001 §2 lists them: CSS, Javascript, HTML, Java, Objective-C, Python, R, Shell,
 * SQL, Swift, Vue, Markdown. Each loads its CodeMirror support on demand.
 */
import type { Extension } from '@uiw/react-codemirror';

export interface CodeLanguage {
  name: string;
  load: () => Promise<Extension>;
}

async function legacy(load: () => Promise<Parameters<typeof import('@codemirror/language').StreamLanguage.define>[0]>): Promise<Extension> {
  const [{ StreamLanguage }, mode] = await Promise.all([import('@codemirror/language'), load()]);
  return StreamLanguage.define(mode);
}

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { name: 'CSS', load: async () => (await import('@codemirror/lang-css')).css() },
  { name: 'Javascript', load: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }) },
  { name: 'HTML', load: async () => (await import('@codemirror/lang-html')).html() },
  { name: 'Java', load: async () => (await import('@codemirror/lang-java')).java() },
  { name: 'Objective-C', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).objectiveC) },
  { name: 'Python', load: async () => (await import('@codemirror/lang-python')).python() },
  { name: 'R', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/r')).r) },
  { name: 'Shell', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/shell')).shell) },
  { name: 'SQL', load: async () => (await import('@codemirror/lang-sql')).sql() },
  { name: 'Swift', load: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/swift')).swift) },
  { name: 'Vue', load: async () => (await import('@codemirror/lang-vue')).vue() },
  { name: 'Markdown', load: async () => (await import('@codemirror/lang-markdown')).markdown() },
];

export const CODE_LANGUAGE_NAMES = CODE_LANGUAGES.map((l) => l.name);

/** Finds a language by name, case-insensitively ('javascript', 'js' → Javascript); unknown → undefined. */
export function findLanguage(name: string | undefined): CodeLanguage | undefined {
  if (!name) return undefined;
  const n = name.trim().toLowerCase();
  const alias: Record<string, string> = {
    js: 'javascript',
    objectivec: 'objective-c',
    'objective c': 'objective-c',
    sh: 'shell',
    bash: 'shell',
    md: 'markdown',
    py: 'python',
  };
  const key = alias[n] ?? n;
  return CODE_LANGUAGES.find((l) => l.name.toLowerCase() === key);
}

/** 001 §9: code editor height 240, tab size 2, placeholder after 300 ms. */
export const CODE_EDITOR_HEIGHT = 240;
export const CODE_TAB_SIZE = 2;
export const CODE_PLACEHOLDER_DELAY_MS = 300;
