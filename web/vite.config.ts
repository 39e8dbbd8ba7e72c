import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// Dev: the API prefix is proxied to the Fastify server (HTTP and WebSocket). Prod: the server serves dist/ at `/`.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const prefix = env.VITE_API_PREFIX || '/jeecg-boot';
  const target = process.env.API_TARGET || 'http://127.0.0.1:8080';
  return {
    base: '/',
    plugins: [react()],
    server: {
      port: 3000,
      proxy: {
        [prefix]: { target, changeOrigin: true, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          // The lazily loaded rich-text editor (TinyMCE, ~1.5 MB minified) is split in two chunks, its core and its
          // theme/model/plugins/skins, so no chunk passes the limit above. Both load together when an editor opens;
          // TinyMCE's files are CommonJS wrappers, so the editor module still runs them in its import order.
          codeSplitting: {
            groups: [
              { name: 'tinymce-core', test: /node_modules[\\/]tinymce[\\/]tinymce\.js$/ },
              { name: 'tinymce-ui', test: /node_modules[\\/]tinymce[\\/](themes|models|plugins|skins|icons)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
