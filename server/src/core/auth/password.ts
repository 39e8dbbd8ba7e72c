import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1). The PHC string embeds the
 * algorithm, parameters and salt, so sys_user.salt stays NULL. The async API runs on the libuv thread pool,
 * off the event loop.
 */
export const ARGON2_OPTIONS: Readonly<Options> = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The test suite's argon2id cost (m = 1 MiB, t = 1): the server tests hash and verify thousands of passwords, each
 * ~50 ms of CPU at the production cost. Chosen ONLY when the environment says PK_TEST_ARGON2=cheap, which the
 * vitest server project sets (server/vitest.config.ts); nothing else sets it, and password.test.ts checks that
 * without it the production parameters are used. A hash embeds its parameters, so verification follows them.
 */
export const TEST_ARGON2_OPTIONS: Readonly<Options> = { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 };

function options(): Options {
  return process.env.PK_TEST_ARGON2 === 'cheap' ? TEST_ARGON2_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options());
}

/** False (never a throw) for a wrong password, an empty or malformed hash. */
export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed || !hashed.startsWith('$argon2')) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
