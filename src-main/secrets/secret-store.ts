import { ServiceError } from '../errors/service-error';

/**
 * Where API keys live. One small interface so the rest of main never knows which keychain is used;
 * the app's is the OS keychain (keytar) with an encrypted file when the keychain cannot be reached
 * (keychain-with-fallback.ts), the in-memory one is for unit tests only.
 */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** Where keys went since the last call, for the user (a store that never moves them has none). */
  takeNotices?(): Promise<KeyStorageNotice[]>;
}

/**
 * `keys-in-file`: the keychain could not be reached, so keys are kept encrypted (by `backend`) in
 * `file`; `keys-moved-to-keychain`: the keychain answered again and every key in `file` moved into it.
 */
export interface KeyStorageNotice {
  kind: 'keys-in-file' | 'keys-moved-to-keychain';
  file: string;
  backend: string;
}

export const KEYCHAIN_SERVICE = 'PlanDesk';

type Keytar = typeof import('keytar');

/**
 * The OS keychain: macOS Keychain, Windows Credential Manager, the Secret Service (GNOME Keyring,
 * KWallet) on Linux. If it is locked or missing we fail with a `keychain` error that says what to
 * do — never a fallback to a plain-text file (keychain-with-fallback.ts may keep the key in a file
 * the OS encrypts, and tells the user).
 */
export class KeytarSecretStore implements SecretStore {
  private keytar: Promise<Keytar> | null = null;

  constructor(readonly service: string = KEYCHAIN_SERVICE) {}

  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
    return this.keytar;
  }

  async get(account: string): Promise<string | null> {
    return this.guard(async (k) => k.getPassword(this.service, account));
  }

  async set(account: string, secret: string): Promise<void> {
    await this.guard(async (k) => k.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<void> {
    await this.guard(async (k) => k.deletePassword(this.service, account));
  }

  private async guard<T>(op: (k: Keytar) => Promise<T>): Promise<T> {
    let keytar: Keytar;
    try {
      keytar = await this.load();
    } catch {
      this.keytar = null;
      throw keychainError();
    }
    try {
      return await op(keytar);
    } catch {
      // The library's message can be anything from D-Bus; the user needs to know what to do instead.
      throw keychainError();
    }
  }
}

export function keychainError(): ServiceError {
  return new ServiceError(
    'keychain',
    'The system keychain is locked or not available, so PlanDesk cannot store or read the API key. ' +
      'Unlock your keychain (on Linux: GNOME Keyring or KWallet must be running and unlocked) and try again. ' +
      'PlanDesk never stores keys in plain text.',
  );
}

/** For unit tests only. */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>();
  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null;
  }
  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
  }
  async delete(account: string): Promise<void> {
    this.entries.delete(account);
  }
}
