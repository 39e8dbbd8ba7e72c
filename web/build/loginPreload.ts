import type { Plugin } from 'vite';

type BundleChunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * `<link rel="modulepreload">` (and the stylesheets) of the login route's chunks in index.html (issue 11 point 8):
 * the login layout and page are lazy chunks (the signed-in app does not need them), found only after the entry has
 * run; preloaded, they arrive with the entry's own chunks, one round trip and the entry's run earlier. Unconditional
 * (the CSP allows no inline script to pick by path): a signed-in load fetches a few KB more, mostly antd form and
 * input chunks its pages use anyway. `routes` are source paths ending the chunks' facade module ids.
 */
export function loginPreload(routes: readonly string[] = ['/src/layouts/LoginLayout.tsx', '/src/pages/user/Login.tsx']): Plugin {
  return {
    name: 'pk-login-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return html;
        const chunks = Object.values(bundle).filter((c): c is BundleChunk & (typeof bundle)[string] => c.type === 'chunk') as unknown as BundleChunk[];
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // what the entry loads already (its static graph)
        const entryGraph = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
        };
        walk(ctx.chunk.fileName, entryGraph);
        const js = new Set<string>();
        for (const r of routes) {
          const c = chunks.find((x) => x.facadeModuleId?.endsWith(r));
          if (c) walk(c.fileName, js);
        }
        const css = new Set<string>();
        for (const f of js) for (const s of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.add(s);
        for (const f of entryGraph) {
          js.delete(f);
          for (const s of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.delete(s);
        }
        return [
          ...[...js].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          ...[...css].map((f) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
