/**
 * AES-256-GCM sealing of strings, standing in for the OS's protection of secrets (Electron's
 * safeStorage) wherever the real one cannot run: the stand-in `electron` of the packaging tests and
 * the unit tests' key cipher. A sealed value is iv (12 bytes) + tag (16) + ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export function aesSeal(key: Buffer) {
  return {
    seal(text: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(data: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
