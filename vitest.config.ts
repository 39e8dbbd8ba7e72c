import { defineConfig } from 'vitest/config';

// One `vitest run` covers both sides; each project has its own config beside its code.
export default defineConfig({
  test: { projects: ['server', 'web'] },
});
