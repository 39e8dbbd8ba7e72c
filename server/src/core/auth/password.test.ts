import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing (argon2id)', () => {
  // The server test project runs with PK_TEST_ARGON2=cheap (server/vitest.config.ts); these tests are production's.
  beforeEach(() => {
    vi.stubEnv('PK_TEST_ARGON2', undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('hashes with argon2id m=19456 t=2 p=1 and verifies', async () => {
    const h = await hashPassword('Admin@12345');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'Admin@12345')).toBe(true);
    expect(await verifyPassword(h, 'admin@12345')).toBe(false);
  });

  it('uses a fresh salt each time', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  it('rejects empty, null and malformed hashes without throwing', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('cb362cfeefbf3d8d', '123456')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'x')).toBe(false);
  });

  it('handles unicode passwords', async () => {
    const h = await hashPassword('海盗王@2024');
    expect(await verifyPassword(h, '海盗王@2024')).toBe(true);
  });
});

describe('the cheaper argon2id of the test suite (PK_TEST_ARGON2=cheap)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is chosen only by PK_TEST_ARGON2=cheap, and its hashes verify like any other', async () => {
    vi.stubEnv('PK_TEST_ARGON2', 'cheap');
    const h = await hashPassword('Admin@12345');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(h, 'Admin@12345')).toBe(true);
    expect(await verifyPassword(h, 'admin@12345')).toBe(false);
    vi.stubEnv('PK_TEST_ARGON2', 'yes');
    expect(await hashPassword('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
