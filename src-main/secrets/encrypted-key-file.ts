/**
 * API keys kept in a file of the private data folder, each encrypted by the OS's own protection
 * (Electron's safeStorage: DPAPI on Windows, a key in the Keychain on macOS, the desktop's wallet
 * on Linux) — the place for keys when the OS keychain cannot be reached. Never plain text: a
 * cipher that cannot protect the keys (Linux's `basic_text`, which uses a hard-coded password)
 * makes every write fail.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { writeAtomically } from '../local-files/write-atomically';
import { asideName, PRIVATE_FILE_MODE } from '../local-files/data-folder';

/** What protects the keys in the file (Electron's safeStorage in the app, a fake in tests). */
export interface KeyCipher {
  /** Null when keys can be protected; otherwise why not, in words for the log. */
  unavailable(): string | null;
  /** What protects them, for the log and the user: "gnome_libsecret", "kwallet5", "Windows DPAPI"… */
  backend(): string;
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

interface KeyFileContent {
  version: 1;
  /** The cipher's backend when each entry was written. */
  backend: string;
  /** Account → the encrypted key, base64. */
  keys: Record<string, string>;
  /**
   * Accounts whose key was deleted from this file while the keychain could not be reached: the
   * keychain may hold an older key for them, deleted when it answers again.
   */
  forget: string[];
}

export const KEY_FILE_NAME = 'api-keys.json';

export class EncryptedKeyFile {
  constructor(
    readonly file: string,
    private readonly cipher: KeyCipher,
  ) {}

  /** Why keys cannot be kept here, or null. */
  unavailable(): string | null {
    return this.cipher.unavailable();
  }

  backend(): string {
    return this.cipher.backend();
  }

  accounts(): string[] {
    return Object.keys(this.read().keys);
  }

  get(account: string): string | null {
    const sealed = this.sealedOf(account);
    return sealed === null ? null : this.cipher.decrypt(Buffer.from(sealed, 'base64'));
  }

  async set(account: string, secret: string): Promise<void> {
    const why = this.cipher.unavailable();
    if (why) throw new Error(`keys cannot be protected here: ${why}`);
    const content = this.read();
    content.keys[account] = this.cipher.encrypt(secret).toString('base64');
    content.backend = this.cipher.backend();
    content.forget = content.forget.filter((a) => a !== account);
    await this.write(content);
  }

  /** True when the file held a key for `account`. */
  async delete(account: string): Promise<boolean> {
    const content = this.read();
    if (!Object.hasOwn(content.keys, account)) return false;
    delete content.keys[account];
    await this.write(content);
    return true;
  }

  /** `account`'s entry as stored (encrypted, base64), without decrypting it; null when there is none. */
  sealedOf(account: string): string | null {
    const { keys } = this.read();
    return Object.hasOwn(keys, account) ? keys[account]! : null;
  }

  /** Puts back an entry `sealedOf` returned, as it was. */
  async putSealed(account: string, sealed: string): Promise<void> {
    const content = this.read();
    content.keys[account] = sealed;
    await this.write(content);
  }

  /**
   * Deletes `account`'s key and, in the same write, notes that the keychain's copy (if any) is to go
   * too (`forgotten`). False, writing nothing, when the file held no key for it.
   */
  async forget(account: string): Promise<boolean> {
    const content = this.read();
    if (!Object.hasOwn(content.keys, account)) return false;
    delete content.keys[account];
    if (!content.forget.includes(account)) content.forget.push(account);
    await this.write(content);
    return true;
  }

  /** The accounts whose keychain entry is still to be deleted (see `forget`). */
  forgotten(): string[] {
    return [...this.read().forget];
  }

  /** The keychain's entry for `account` is gone: nothing left to do for it. */
  async forgetDone(account: string): Promise<void> {
    const content = this.read();
    if (!content.forget.includes(account)) return;
    content.forget = content.forget.filter((a) => a !== account);
    await this.write(content);
  }

  private read(): KeyFileContent {
    const empty = (): KeyFileContent => ({
      version: 1,
      backend: this.cipher.backend(),
      keys: {},
      forget: [],
    });
    if (!existsSync(this.file)) return empty();
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      return this.moveAside(empty);
    }
    // Valid JSON of another shape (null, a list, keys that are not an object) is damaged too.
    if (!isPlainObject(parsed) || (parsed.keys !== undefined && !isPlainObject(parsed.keys)))
      return this.moveAside(empty);
    const keys = Object.create(null) as Record<string, string>;
    for (const [account, sealed] of Object.entries(parsed.keys ?? {})) {
      if (typeof sealed === 'string') keys[account] = sealed;
    }
    const forget = Array.isArray(parsed.forget)
      ? [...new Set(parsed.forget.filter((a): a is string => typeof a === 'string'))]
      : [];
    return { version: 1, backend: String(parsed.backend ?? ''), keys, forget };
  }

  /** Damaged: moved aside, never deleted (what it holds may still be read by hand). */
  private moveAside(empty: () => KeyFileContent): KeyFileContent {
    renameSync(this.file, asideName(this.file));
    return empty();
  }

  /** The last key gone (and nothing left to delete from the keychain), the file goes too. */
  private async write(content: KeyFileContent): Promise<void> {
    if (Object.keys(content.keys).length === 0 && content.forget.length === 0) {
      await unlink(this.file).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      return;
    }
    await writeAtomically(this.file, (tmp) =>
      writeFile(tmp, JSON.stringify(content, null, 2) + '\n', { mode: PRIVATE_FILE_MODE }),
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
