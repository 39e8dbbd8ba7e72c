import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1). The PHC string embeds the
 * algorithm, parameters and salt, so sys_user.salt stays NULL. The async API runs on the libuv thread pool,
 * off the event loop.
 */
const OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
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
