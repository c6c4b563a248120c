/**
 * The OS keychain first, and an encrypted file in the private data folder when the keychain cannot
 * be reached (no Secret Service on Linux, a locked or broken keychain): PlanDesk can then still keep
 * a key, protected by the OS (encrypted-key-file.ts), never in plain text. The user is told where the
 * keys are (takeNotices), and they move into the keychain as soon as it answers again — at start,
 * and with any later use of a key.
 *
 * The rule that keeps a stale key from winning: the keychain never holds a newer key for an account
 * than the file does. The file only ever gets a key the keychain could not take, so its copy is the
 * newer one, and moving it into the keychain (overwriting) is right. A write or delete of a key the
 * file also holds therefore changes the file first, and fails — changing nothing — when the file
 * cannot be changed; otherwise a key replaced or deleted in the keychain would be brought back by
 * the file's old copy. An account is moved once per session, and again only after the file was
 * given a newer key for it.
 */
import type { Logger } from '../log/logger';
import type { EncryptedKeyFile } from './encrypted-key-file';
import { ServiceError } from '../errors/service-error';
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
  /**
   * Accounts moved into the keychain this session: not moved again for a copy the file could not
   * let go of (equal to the keychain's), only for a newer key the file is given later.
   */
  private readonly moved = new Set<string>();

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
      // Where the keychain may answer, the file's copy goes first (the rule above); while it is
      // away, the file's entry is simply replaced.
      const sealed = this.keychainMayAnswer() ? await this.takeFromFile(account) : null;
      const stored = await this.tryKeychain((k) => k.set(account, secret));
      if (stored.ok) return;
      try {
        await this.keepInFile(account, secret);
      } catch (err) {
        // Nowhere to keep the new key: the old one goes back where it was.
        if (sealed !== null) await this.o.file.putSealed(account, sealed).catch(() => undefined);
        throw err;
      }
    });
  }

  delete(account: string): Promise<void> {
    return this.serial(async () => {
      // The file's key goes first (the rule above), with a note that the keychain's goes too: the
      // keychain may hold an older key for the account (one replaced while it was away), which
      // is deleted when it answers, here or later (moveToKeychain).
      const inFile = await this.forgetInFile(account);
      const removed = await this.tryKeychain((k) => k.delete(account));
      // A key that lived only in the keychain cannot be called deleted while it is away.
      if (!removed.ok && !inFile) throw keychainError();
    });
  }

  /** Where keys went since the last call (first moving any kept in the file to the keychain). */
  async takeNotices(): Promise<KeyStorageNotice[]> {
    this.settled ??= this.serial(async () => {
      const kept = this.fileAccounts().length > 0;
      if (!kept && this.forgottenAccounts().length === 0) return;
      const moved = await this.tryKeychain(async () => undefined);
      if (!moved.ok && kept)
        this.tell({ kind: 'keys-in-file', file: this.o.file.file, backend: this.o.file.backend() });
    });
    await this.settled;
    return this.notices.splice(0);
  }

  /** False within the pause after the keychain failed: it is not asked then. */
  private keychainMayAnswer(): boolean {
    const now = (this.o.now ?? Date.now)();
    return this.keychainDownSince === null || now - this.keychainDownSince >= KEYCHAIN_RETRY_MS;
  }

  private async tryKeychain<T>(
    op: (k: SecretStore) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    const now = (this.o.now ?? Date.now)();
    if (!this.keychainMayAnswer()) return { ok: false };
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
   * Moves every key kept in the file into the keychain (once per account and session), each removed
   * from the file only once the keychain holds it; throws (the rest staying in the file) when the
   * keychain fails. A copy that cannot be removed stays in the file, equal to the keychain's.
   */
  private async moveToKeychain(): Promise<void> {
    // Deletions that waited for the keychain come first: a key deleted is never moved back.
    for (const account of this.forgottenAccounts()) {
      await this.o.keychain.delete(account);
      await this.o.file
        .forgetDone(account)
        .catch((err: unknown) =>
          this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be changed: ${String(err)}`),
        );
    }
    const accounts = this.fileAccounts().filter((a) => !this.moved.has(a));
    let moved = 0;
    for (const account of accounts) {
      // One that cannot be decrypted now (the wallet locked) stays where it is: nothing is dropped.
      const secret = this.readFileOrNull(account);
      if (secret === null) continue;
      await this.o.keychain.set(account, secret);
      this.moved.add(account);
      if (await this.dropMovedFromFile(account)) moved++;
    }
    if (moved === 0) return;
    this.o.logger.log('info', `moved ${moved} API key(s) from ${this.o.file.file} into the OS keychain`);
    if (moved === accounts.length) {
      this.tell({ kind: 'keys-moved-to-keychain', file: this.o.file.file, backend: this.o.file.backend() });
    }
  }

  /** Removes a moved key from the file; true when it was there. A failure is logged. */
  private async dropMovedFromFile(account: string): Promise<boolean> {
    try {
      return await this.o.file.delete(account);
    } catch (err) {
      this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be changed: ${String(err)}`);
      return false;
    }
  }

  /**
   * Removes `account`'s entry from the file before the keychain is changed; returns it (still
   * sealed), or null when the file held none. A file that cannot be changed fails the operation.
   */
  private async takeFromFile(account: string): Promise<string | null> {
    try {
      const sealed = this.o.file.sealedOf(account);
      if (sealed !== null) await this.o.file.delete(account);
      return sealed;
    } catch (err) {
      this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be changed: ${String(err)}`);
      throw keyFileError(this.o.file.file);
    }
  }

  /**
   * Deletes `account`'s key from the file, noting that the keychain's copy is to go too; false when
   * the file held none. A file that cannot be changed fails the operation.
   */
  private async forgetInFile(account: string): Promise<boolean> {
    try {
      return await this.o.file.forget(account);
    } catch (err) {
      this.o.logger.log('warn', `the key file ${this.o.file.file} cannot be changed: ${String(err)}`);
      throw keyFileError(this.o.file.file);
    }
  }

  /** The keychain could not take the key: kept in the file, protected, the user told. */
  private async keepInFile(account: string, secret: string): Promise<void> {
    const why = this.o.file.unavailable();
    if (why) {
      this.o.logger.log('warn', `no keychain and no protected file for API keys: ${why}`);
      throw keychainError();
    }
    try {
      await this.o.file.set(account, secret);
    } catch (err) {
      // safeStorage refusing to encrypt, or the file not writable: no place for the key.
      this.o.logger.log('warn', `the key cannot be kept in ${this.o.file.file}: ${String(err)}`);
      throw keychainError();
    }
    // The file's copy is now newer than any the keychain holds: it must move in again, even if this
    // account already moved this session.
    this.moved.delete(account);
    this.o.logger.log('warn', `the keychain cannot be reached; key kept encrypted in ${this.o.file.file}`);
    this.tell({ kind: 'keys-in-file', file: this.o.file.file, backend: this.o.file.backend() });
  }

  /** The accounts whose keys the file holds. */
  private fileAccounts(): string[] {
    return this.fileList(() => this.o.file.accounts());
  }

  /** The accounts whose keychain entry waits to be deleted (EncryptedKeyFile.forget). */
  private forgottenAccounts(): string[] {
    return this.fileList(() => this.o.file.forgotten());
  }

  /** A list the file gives; an unreadable file gives none (and is logged), never a crash. */
  private fileList(read: () => string[]): string[] {
    try {
      return read();
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

/** The file holding keys the keychain could not take cannot be changed: nothing was changed. */
function keyFileError(file: string): ServiceError {
  return new ServiceError(
    'keychain',
    `PlanDesk keeps an API key in ${file} (the keychain was unavailable before), and that file cannot be changed now, so the key was neither replaced nor removed. Make the file writable and try again.`,
  );
}
