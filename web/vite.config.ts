import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { loginPreload } from './build/loginPreload';

// Dev: the API prefix is proxied to the Fastify server (HTTP and WebSocket). Prod: the server serves dist/ at `/`,
// sending the .br / .gz copies the build writes next to each compressible file (build/precompress.ts).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const prefix = env.VITE_API_PREFIX || '/jeecg-boot';
  const target = process.env.API_TARGET || 'http://127.0.0.1:8080';
  return {
    base: '/',
    plugins: [react(), loginPreload(), precompress()],
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
    },
  };
});
