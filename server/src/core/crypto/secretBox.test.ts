import { describe, expect, it } from 'vitest';
import { sealedLength, secretBox, SecretBoxError } from './secretBox.js';

describe('secretBox (AES-256-GCM for data-source passwords)', () => {
  const box = secretBox('k'.repeat(40));

  it('seals to a text that does not contain the plain text and opens back to it', () => {
    for (const plain of ['s3cret!', '中文密码', '', 'x'.repeat(40)]) {
      const sealed = box.seal(plain);
      expect(sealed.startsWith('g1')).toBe(true);
      if (plain) expect(sealed).not.toContain(plain);
      expect(box.open(sealed)).toBe(plain);
    }
  });

  it('seals the same text differently each time (random IV)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses to open with another key, an altered value or a value that was never sealed', () => {
    const sealed = box.seal('s3cret!');
    expect(() => secretBox('other-key-'.repeat(4)).open(sealed)).toThrow(SecretBoxError);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => box.open(flipped)).toThrow(SecretBoxError);
    expect(() => box.open('cb362cfeefbf3d8d')).toThrow(SecretBoxError);
    expect(() => box.open('g1abc')).toThrow(SecretBoxError);
  });

  it('a 40-byte password fits db_password varchar(100)', () => {
    expect(sealedLength(40)).toBeLessThanOrEqual(100);
    expect(box.seal('x'.repeat(40)).length).toBe(sealedLength(40));
  });
});
