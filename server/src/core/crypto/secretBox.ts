import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Reversible encryption of small secrets at rest (data-source passwords): AES-256-GCM with a random 12-byte IV.
 * The stored text is `g1` + base64url(iv ‖ tag ‖ ciphertext); the GCM tag makes a wrong key or an altered value
 * fail to open instead of giving garbage.
 */
const PREFIX = 'g1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or SecretBoxError when the value was sealed with another key or is not a sealed value. */
  open(sealed: string): string;
}

/** A box keyed by SHA-256 of `secret` (a configured or generated string of at least 32 characters). */
export function secretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new SecretBoxError('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('wrong key or altered value');
      }
    },
  };
}

/** Length of the sealed text of a plain text of `bytes` UTF-8 bytes. */
export function sealedLength(bytes: number): number {
  return PREFIX.length + Math.ceil(((IV_BYTES + TAG_BYTES + bytes) * 4) / 3);
}
