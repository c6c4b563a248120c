/**
 * The OS keychain first, and an encrypted file in the private data folder when the keychain cannot
 * be reached (no Secret Service on Linux, a locked or broken keychain): PlanDesk can then still keep
 * a key, protected by the OS (encrypted-key-file.ts), never in plain text. The user is told where the
 * keys are (takeNotices), and they move into the keychain as soon as it answers again — at start,
 * and with any later use of a key.
 */
import type { Logger } from '../log/logger';
import type { EncryptedKeyFile } from './encrypted-key-file';
import { keychainError, type KeyStorageNotice, type SecretStore } from './secret-store';

/** After a failed attempt the keychain is left alone for this long (a D-Bus timeout can be slow). */
export const KEYCHAIN_RETRY_MS = 60_000;

export interface KeychainWithFallbackOptions {
  keychain: SecretStore;
  file: EncryptedKeyFile;
  logger: Logger;
  now?: () => number;
}

export class KeychainWithFallback implements SecretStore {
  private keychainDownSince: number | null = null;
  private readonly notices: KeyStorageNotice[] = [];
  private settled: Promise<void> | null = null;
  /** One operation at a time: a move to the keychain never races a write to the file. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: KeychainWithFallbackOptions) {}

  get(account: string): Promise<string | null> {
    return this.serial(async () => {
      const fromKeychain = await this.tryKeychain((k) => k.get(account));
      if (fromKeychain.ok && fromKeychain.value !== null) return fromKeychain.value;
      // Not in the keychain (or it cannot be reached): it may have been kept in the file.
      return this.readFile(account);
    });
  }

  set(account: string, secret: string): Promise<void> {
    return this.serial(async () => {
      const stored = await this.tryKeychain((k) => k.set(account, secret));
      if (stored.ok) {
        await this.dropFromFile(account);
        return;
      }
      const why = this.o.file.unavailable();
      if (why) {
        this.o.logger.log('warn', `no keychain and no protected file for API keys: ${why}`);
        throw keychainError();
      }
      await this.o.file.set(account, secret);
      this.o.logger.log('warn', `the keychain cannot be reached; key kept encrypted in ${this.o.file.file}`);
      this.tell({ kind: 'keys-in-file', file: this.o.file.file, backend: this.o.file.backend() });
    });
  }

  delete(account: string): Promise<void> {
    return this.serial(async () => {
      const inFile = await this.dropFromFile(account);
      const removed = await this.tryKeychain((k) => k.delete(account));
      // A key that lived only in the file is gone; one the keychain may hold must really go.
      if (!removed.ok && !inFile) throw keychainError();
    });
  }

  /** Where keys went since the last call (first moving any kept in the file to the keychain). */
  async takeNotices(): Promise<KeyStorageNotice[]> {
    this.settled ??= this.serial(async () => {
      if (this.fileAccounts().length === 0) return;
      const moved = await this.tryKeychain(async () => undefined);
      if (!moved.ok)
        this.tell({ kind: 'keys-in-file', file: this.o.file.file, backend: this.o.file.backend() });
    });
    await this.settled;
    return this.notices.splice(0);
  }

  private async tryKeychain<T>(
    op: (k: SecretStore) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    const now = (this.o.now ?? Date.now)();
    if (this.keychainDownSince !== null && now - this.keychainDownSince < KEYCHAIN_RETRY_MS)
      return { ok: false };
    try {
      // Keys kept in the file while the keychain was away go back first, so `op` sees them.
      await this.moveToKeychain();
      const value = await op(this.o.keychain);
      this.keychainDownSince = null;
      return { ok: true, value };
    } catch {
      if (this.keychainDownSince === null) this.o.logger.log('warn', 'the OS keychain cannot be reached');
      this.keychainDownSince = now;
      return { ok: false };
    }
  }

  /**
   * Moves every key kept in the file into the keychain, each removed from the file only once the
   * keychain holds it; throws (the rest staying in the file) when the keychain fails.
   */
  private async moveToKeychain(): Promise<void> {
    const accounts = this.fileAccounts();
    let moved = 0;
    for (const account of accounts) {
      // One that cannot be decrypted now (the wallet locked) stays where it is: nothing is dropped.
      const secret = this.readFileOrNull(account);
      if (secret === null) continue;
      await this.o.keychain.set(account, secret);
      if (await this.dropFromFile(account)) moved++;
    }
    if (moved === 0) return;
    this.o.logger.log('info', `moved ${moved} API key(s) from ${this.o.file.file} into the OS keychain`);
    if (moved === accounts.length) {
      this.tell({ kind: 'keys-moved-to-keychain', file: this.o.file.file, backend: this.o.file.backend() });
    }
  }

  /** Removes a key from the file; true when it was there. A file that cannot be changed is logged. */
  private async dropFromFile(account: string): Promise<boolean> {
    try {
      return await this.o.file.delete(account);
    } catch (err) {
      this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be changed: ${String(err)}`);
      return false;
    }
  }

  private fileAccounts(): string[] {
    try {
      return this.o.file.accounts();
    } catch (err) {
      this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be read: ${String(err)}`);
      return [];
    }
  }

  private readFile(account: string): string | null {
    const why = this.o.file.unavailable();
    const secret = this.readFileOrNull(account);
    if (secret !== null) return secret;
    // Nothing in the keychain nor the file: when the keychain could not be asked, that is no answer.
    if (this.keychainDownSince !== null) {
      if (why) this.o.logger.log('warn', `no keychain and no protected file for API keys: ${why}`);
      throw keychainError();
    }
    return null;
  }

  private readFileOrNull(account: string): string | null {
    try {
      return this.o.file.get(account);
    } catch (err) {
      this.o.logger.log('warn', `a key in ${this.o.file.file} cannot be decrypted: ${String(err)}`);
      return null;
    }
  }

  private tell(notice: KeyStorageNotice): void {
    const last = this.notices.at(-1);
    if (last?.kind !== notice.kind) this.notices.push(notice);
  }

  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
