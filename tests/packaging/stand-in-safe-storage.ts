import { createHash } from 'node:crypto';
import { aesSeal } from '../helpers/aes-seal';

/**
 * Electron's safeStorage as far as main can tell, for the stand-in `electron` (electron-stand-in.ts):
 * strings encrypted (AES-256-GCM) with a key that stays the same from one run to the next, as the
 * OS's protection does for one user, and the backend it reports on Linux
 * (getSelectedStorageBackend): `basic_text` is what Chromium falls back to with no wallet; a
 * wallet's name (kwallet5, gnome_libsecret) otherwise.
 */
export function standInSafeStorage(backend: string) {
  const sealer = aesSeal(createHash('sha256').update('PlanDesk stand-in safeStorage').digest());
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString: (text: string) => sealer.seal(text),
    decryptString: (data: Buffer) => sealer.open(data),
  };
}
