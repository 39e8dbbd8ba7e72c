/** Streaming XML of one zip entry (saxes, exceljs's own parser), for the import reader. */
import { SaxesParser } from 'saxes';
import { entryChunks, type ZipEntry } from './zipGuard.js';

export interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Local name of a (possibly prefixed) tag or attribute: `x:row` → `row`. */
export const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses one zip entry's XML as it is inflated; a handler may throw to stop. */
export async function parseEntry(buf: Buffer, entry: ZipEntry, on: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  parser.on('error', (e) => {
    throw e;
  });
  if (on.open) parser.on('opentag', (n) => on.open!(local(n.name), n.attributes as Record<string, string>));
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  if (on.close) parser.on('closetag', (n) => on.close!(local(n.name)));
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of entryChunks(buf, entry)) parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode());
  parser.close();
}

/** An attribute by local name (`r:id` and `id` alike, whatever the prefix). */
export function attr(attrs: Record<string, string>, name: string): string | undefined {
  if (name in attrs) return attrs[name];
  for (const k of Object.keys(attrs)) if (local(k) === name) return attrs[k];
  return undefined;
}
