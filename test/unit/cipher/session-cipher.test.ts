import { describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';

describe('session cipher', () => {
  it('round-trips a secret without storing it in the clear', async () => {
    const cipher = createSessionCipher();
    const encrypted = await cipher.encrypt('s3cret-client-key');
    expect(Buffer.from(encrypted).toString('utf8')).not.toContain('s3cret');
    await expect(cipher.decrypt(encrypted)).resolves.toBe('s3cret-client-key');
  });

  it('cannot be read by another session (a restart) and detects tampering', async () => {
    const encrypted = await createSessionCipher().encrypt('secret');
    await expect(createSessionCipher().decrypt(encrypted)).rejects.toThrow();
    const cipher = createSessionCipher();
    const bytes = Buffer.from(await cipher.encrypt('secret'));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    await expect(cipher.decrypt(bytes)).rejects.toThrow();
    await expect(cipher.decrypt(new Uint8Array(5))).rejects.toThrow(/too short/);
  });
});
