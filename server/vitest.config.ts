import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The run's id for the template databases of test/harness.ts, and their removal after the run.
    globalSetup: ['test/globalSetup.ts'],
    // One process runs the files one after another and keeps the modules it loaded: a fresh process per file
    // re-imported Fastify, Kysely and the whole app each time (about two thirds of the project's CPU time). Every
    // file builds its own app and database (test/harness.ts), and module-level state is keyed by app or database;
    // a file that mocks a module the app imports loads the app afresh (see auth.lockout.race.test.ts).
    isolate: false,
    env: {
      // argon2id at a test-only cost (core/auth/password.ts; password.test.ts checks the production parameters).
      PK_TEST_ARGON2: 'cheap',
    },
  },
});
