import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cipher } from './cipher';

/**
 * AES-256-GCM with a key that exists only in this process's memory: what was encrypted cannot be
 * read after a restart, which is exactly "keep for this session only". Used by the browser preview
 * and tests, where no OS keychain is available.
 */
export function createSessionCipher(): Cipher {
  const key = randomBytes(32);
  return {
    backend: () => 'session-memory',
    isSecure: async () => true,
    async encrypt(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(cipherText) {
      const bytes = Buffer.from(cipherText);
      if (bytes.length < 28) throw new Error('Encrypted value is too short.');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
