/**
 * Where the app keeps API keys: the OS keychain (keytar), and when it cannot be reached a file in
 * the private data folder encrypted with Electron's safeStorage — never with Linux's `basic_text`
 * backend, which "encrypts" with a password written in Chromium's source.
 */
import { safeStorage } from 'electron';
import path from 'node:path';
import type { Logger } from '../log/logger';
import { EncryptedKeyFile, KEY_FILE_NAME, type KeyCipher } from '../secrets/encrypted-key-file';
import { KeychainWithFallback } from '../secrets/keychain-with-fallback';
import { KeytarSecretStore, type SecretStore } from '../secrets/secret-store';

/** Linux backends that protect nothing (basic_text) or are not known yet (unknown: before ready). */
const UNPROTECTED_BACKENDS = new Set(['basic_text', 'unknown']);

export function safeStorageCipher(platform: NodeJS.Platform = process.platform): KeyCipher {
  const backend = () => {
    if (platform === 'win32') return 'Windows DPAPI';
    if (platform === 'darwin') return 'macOS Keychain';
    return safeStorage.getSelectedStorageBackend();
  };
  return {
    unavailable: () => {
      if (!safeStorage.isEncryptionAvailable()) return 'Electron safeStorage cannot encrypt on this system';
      if (platform === 'linux' && UNPROTECTED_BACKENDS.has(backend())) {
        return `safeStorage would use its "${backend()}" backend, which does not protect keys`;
      }
      return null;
    },
    backend,
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}

export function appSecretStore(userDataDir: string, logger: Logger): SecretStore {
  return new KeychainWithFallback({
    keychain: new KeytarSecretStore(),
    file: new EncryptedKeyFile(path.join(userDataDir, KEY_FILE_NAME), safeStorageCipher()),
    logger,
  });
}
