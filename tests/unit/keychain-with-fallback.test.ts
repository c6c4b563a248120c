/**
 * Keys when the OS keychain cannot be reached: kept in an encrypted file of the private data folder
 * (never with an unprotected cipher), the user told where, and moved into the keychain once it
 * answers. The keychain here is a stand-in that can be switched off; the real keytar with no Secret
 * Service is in tests/packaging/boot.test.ts (the packaged main on the stand-in `electron`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EncryptedKeyFile, KEY_FILE_NAME, type KeyCipher } from '../../src-main/secrets/encrypted-key-file';
import { KEYCHAIN_RETRY_MS, KeychainWithFallback } from '../../src-main/secrets/keychain-with-fallback';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { aesSeal } from '../helpers/aes-seal';

/** The OS keychain, switched off and on by the test. */
class SwitchableKeychain extends MemorySecretStore {
  up = true;
  private check() {
    if (!this.up) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown');
  }
  override async get(account: string) {
    this.check();
    return super.get(account);
  }
  override async set(account: string, secret: string) {
    this.check();
    return super.set(account, secret);
  }
  override async delete(account: string) {
    this.check();
    return super.delete(account);
  }
}

/** A real cipher (AES-256-GCM) standing in for safeStorage, with the backend the test names. */
function testCipher(state: { backend: string; available: boolean; encryptFails?: boolean }): KeyCipher {
  const sealer = aesSeal(randomBytes(32));
  return {
    unavailable: () =>
      !state.available
        ? 'no encryption'
        : state.backend === 'basic_text'
          ? 'basic_text protects nothing'
          : null,
    backend: () => state.backend,
    encrypt: (text) => {
      // What safeStorage.encryptString throws when the OS refuses (a locked wallet, say).
      if (state.encryptFails) throw new Error('Error while encrypting the text provided to encryptString.');
      return sealer.seal(text);
    },
    decrypt: (data) => sealer.open(data),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(backend = 'kwallet5') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-keys-'));
  dirs.push(dir);
  const keychain = new SwitchableKeychain();
  const cipherState: Parameters<typeof testCipher>[0] = { backend, available: true };
  const file = new EncryptedKeyFile(path.join(dir, KEY_FILE_NAME), testCipher(cipherState));
  let now = 1_000_000;
  const lines: string[] = [];
  const store = new KeychainWithFallback({
    keychain,
    file,
    logger: { log: (level, line) => lines.push(`[${level}] ${line}`) },
    now: () => now,
  });
  return { store, keychain, file, cipherState, lines, later: (ms: number) => (now += ms) };
}

const KEY = 'fpk_live_5f1d0c9e8b7a6f5e4d3c2b1a';

describe('keys without a keychain', () => {
  it('go to the keychain while it answers, and never to the file', async () => {
    const { store, keychain, file } = setup();
    await store.set('ws-1', KEY);
    expect(keychain.entries.get('ws-1')).toBe(KEY);
    expect(existsSync(file.file)).toBe(false);
    expect(await store.takeNotices()).toEqual([]);
  });

  it('are kept encrypted in a private file when the keychain cannot be reached, and the user is told where', async () => {
    const { store, keychain, file, lines } = setup();
    keychain.up = false;
    await store.set('ws-1', KEY);
    expect(keychain.entries.size).toBe(0);
    const text = readFileSync(file.file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toMatchObject({ version: 1, backend: 'kwallet5' });
    if (process.platform !== 'win32') expect(statSync(file.file).mode & 0o777).toBe(0o600);
    expect(await store.get('ws-1')).toBe(KEY);
    expect(await store.takeNotices()).toEqual([
      { kind: 'keys-in-file', file: file.file, backend: 'kwallet5' },
    ]);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('are refused rather than kept with an unprotected backend (basic_text), or with no encryption at all', async () => {
    for (const state of [
      { backend: 'basic_text', available: true },
      { backend: 'gnome_libsecret', available: false },
    ]) {
      const { store, keychain, file, cipherState } = setup(state.backend);
      cipherState.available = state.available;
      keychain.up = false;
      await expect(store.set('ws-1', KEY)).rejects.toMatchObject({ kind: 'keychain' });
      expect(existsSync(file.file)).toBe(false);
      // Nothing to read either: "no keychain" is an error, not "no key".
      await expect(store.get('ws-1')).rejects.toMatchObject({ kind: 'keychain' });
    }
  });

  it('move into the keychain when it answers again, at start or with the next use of a key', async () => {
    const { store, keychain, file, later } = setup();
    keychain.up = false;
    await store.set('ws-1', KEY);
    await store.set('ws-2', `${KEY}-2`);
    await store.takeNotices();
    keychain.up = true;
    // Within the pause after a failure the keychain is not asked again; after it, it is.
    expect(await store.get('ws-1')).toBe(KEY);
    expect(existsSync(file.file)).toBe(true);
    later(KEYCHAIN_RETRY_MS);
    expect(await store.get('ws-2')).toBe(`${KEY}-2`);
    expect(keychain.entries).toEqual(
      new Map([
        ['ws-1', KEY],
        ['ws-2', `${KEY}-2`],
      ]),
    );
    expect(existsSync(file.file)).toBe(false);
    expect(await store.takeNotices()).toEqual([
      { kind: 'keys-moved-to-keychain', file: file.file, backend: 'kwallet5' },
    ]);
  });

  it('found in the file at start move at once when the keychain answers', async () => {
    const first = setup();
    first.keychain.up = false;
    await first.store.set('ws-1', KEY);
    // The next start: a new store over the same file, the keychain back.
    const keychain = new SwitchableKeychain();
    const store = new KeychainWithFallback({ keychain, file: first.file, logger: { log: () => undefined } });
    expect(await store.takeNotices()).toEqual([
      { kind: 'keys-moved-to-keychain', file: first.file.file, backend: 'kwallet5' },
    ]);
    expect(keychain.entries.get('ws-1')).toBe(KEY);
    expect(existsSync(first.file.file)).toBe(false);
  });

  it('found in the file at start, the keychain still away: the user is told where they are', async () => {
    const first = setup();
    first.keychain.up = false;
    await first.store.set('ws-1', KEY);
    const store = new KeychainWithFallback({
      keychain: first.keychain,
      file: first.file,
      logger: { log: () => undefined },
    });
    expect(await store.takeNotices()).toEqual([
      { kind: 'keys-in-file', file: first.file.file, backend: 'kwallet5' },
    ]);
    expect(await store.get('ws-1')).toBe(KEY);
  });

  it('are deleted wherever they are; a key the unreachable keychain may hold cannot be called deleted', async () => {
    const { store, keychain, file, later } = setup();
    await store.set('in-keychain', KEY);
    keychain.up = false;
    await store.set('in-file', KEY);
    await store.delete('in-file');
    expect(file.accounts()).toEqual([]);
    await expect(store.delete('in-keychain')).rejects.toMatchObject({ kind: 'keychain' });
    keychain.up = true;
    later(KEYCHAIN_RETRY_MS);
    await store.delete('in-keychain');
    expect(keychain.entries.size).toBe(0);
    // Nothing left to do: the file is gone.
    expect(existsSync(file.file)).toBe(false);
  });

  it('a key deleted while the keychain is away takes the keychain’s older copy with it when it is back', async () => {
    const { store, keychain, file, later, make } = stuckSetup();
    await store.set('ws', `${KEY}-old`);
    keychain.up = false;
    // Replaced while the keychain is away (the file has the newer key), then deleted.
    await store.set('ws', KEY);
    await store.delete('ws');
    expect(file.accounts()).toEqual([]);
    expect(readFileSync(file.file, 'utf8')).not.toContain(KEY);
    expect(keychain.entries.get('ws')).toBe(`${KEY}-old`);
    // A later session, the keychain back: the older key goes at start, and so does the file.
    keychain.up = true;
    later(KEYCHAIN_RETRY_MS);
    const next = make();
    expect(await next.takeNotices()).toEqual([]);
    expect(keychain.entries.has('ws')).toBe(false);
    expect(existsSync(file.file)).toBe(false);
    expect(await next.get('ws')).toBeNull();
  });

  it('a key moved this session, then replaced while the keychain was away again: the newer one wins', async () => {
    const { store, keychain, file, later } = setup();
    keychain.up = false;
    await store.set('ws', `${KEY}-old`);
    keychain.up = true;
    later(KEYCHAIN_RETRY_MS);
    // Moved into the keychain (once this session).
    expect(await store.get('ws')).toBe(`${KEY}-old`);
    expect(file.accounts()).toEqual([]);
    // Away again: the replacement can only go to the file…
    keychain.up = false;
    later(KEYCHAIN_RETRY_MS);
    await store.set('ws', `${KEY}-new`);
    expect(file.accounts()).toEqual(['ws']);
    // …and when the keychain is back, that newer key moves in, never the keychain's older one read.
    keychain.up = true;
    later(KEYCHAIN_RETRY_MS);
    expect(await store.get('ws')).toBe(`${KEY}-new`);
    expect(keychain.entries.get('ws')).toBe(`${KEY}-new`);
    expect(file.accounts()).toEqual([]);
  });

  it('a damaged file loses no other key and never crashes a read', async () => {
    const { store, keychain, file } = setup();
    keychain.up = false;
    await store.set('ws-1', KEY);
    const content = JSON.parse(readFileSync(file.file, 'utf8')) as { keys: Record<string, string> };
    content.keys['ws-2'] = Buffer.from('not encrypted by this cipher, or altered').toString('base64');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file.file, JSON.stringify(content));
    expect(await store.get('ws-1')).toBe(KEY);
    await expect(store.get('ws-2')).rejects.toMatchObject({ kind: 'keychain' });
  });

  it('a key file that is not JSON is moved aside, never deleted, and a new key is still kept', async () => {
    const { store, keychain, file } = setup();
    const { writeFileSync, readdirSync } = await import('node:fs');
    writeFileSync(file.file, '{"version": 1, "keys": {"ws-1": "trunc');
    keychain.up = false;
    await store.set('ws-2', KEY);
    expect(await store.get('ws-2')).toBe(KEY);
    const aside = readdirSync(path.dirname(file.file)).filter((f) =>
      f.startsWith(`${KEY_FILE_NAME}.unreadable-`),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(path.dirname(file.file), aside[0]!), 'utf8')).toContain('trunc');
  });
});

/** A key file that can be switched to "cannot be changed" (a read-only disk, say): every removal fails. */
class StuckKeyFile extends EncryptedKeyFile {
  stuck = false;
  override async delete(account: string) {
    if (this.stuck) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    return super.delete(account);
  }
  override async forget(account: string) {
    if (this.stuck) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    return super.forget(account);
  }
}

function stuckSetup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-keys-'));
  dirs.push(dir);
  const keychain = new SwitchableKeychain();
  const file = new StuckKeyFile(
    path.join(dir, KEY_FILE_NAME),
    testCipher({ backend: 'kwallet5', available: true }),
  );
  let now = 1_000_000;
  const make = () =>
    new KeychainWithFallback({ keychain, file, logger: { log: () => undefined }, now: () => now });
  return { store: make(), make, keychain, file, later: (ms: number) => (now += ms) };
}

/** A key kept in the file while the keychain was away; then the file cannot be changed and the keychain is back. */
async function oldKeyInStuckFile(key: string) {
  const setup = stuckSetup();
  setup.keychain.up = false;
  await setup.store.set('ws', key);
  setup.file.stuck = true;
  setup.keychain.up = true;
  setup.later(KEYCHAIN_RETRY_MS);
  return setup;
}

describe('a key file that cannot be changed', () => {
  const OLD = `${KEY}-old`;
  const NEW = `${KEY}-new`;

  it('never lets its old copy overwrite a newer key: replacing the key fails and changes nothing', async () => {
    const { store, make, keychain, file } = await oldKeyInStuckFile(OLD);
    // The old copy cannot leave the file, so the keychain must not get a newer one.
    await expect(store.set('ws', NEW)).rejects.toMatchObject({
      kind: 'keychain',
      message: expect.stringContaining('cannot be changed'),
    });
    expect(await store.get('ws')).toBe(OLD);
    expect(keychain.entries.get('ws')).toBe(OLD);
    // Once the file can be changed again, the new key goes in, and stays the key in later sessions.
    file.stuck = false;
    await store.set('ws', NEW);
    expect(await store.get('ws')).toBe(NEW);
    expect(file.accounts()).toEqual([]);
    expect(await make().get('ws')).toBe(NEW);
  });

  it('a key deleted is not brought back by the file: the delete fails and says so', async () => {
    const { store, keychain, file } = await oldKeyInStuckFile(OLD);
    await expect(store.delete('ws')).rejects.toMatchObject({ kind: 'keychain' });
    // Nothing was deleted anywhere: the key is what it was, not gone then back.
    expect(await store.get('ws')).toBe(OLD);
    file.stuck = false;
    await store.delete('ws');
    expect(keychain.entries.has('ws')).toBe(false);
    expect(file.accounts()).toEqual([]);
    expect(await store.get('ws')).toBeNull();
  });

  it('moves each key into the keychain once per session, however often it is used', async () => {
    const { store, keychain, file } = await oldKeyInStuckFile(OLD);
    let writes = 0;
    const set = keychain.set.bind(keychain);
    keychain.set = async (a, s) => {
      writes++;
      return set(a, s);
    };
    for (let i = 0; i < 3; i++) expect(await store.get('ws')).toBe(OLD);
    expect(writes).toBe(1);
    expect(file.accounts()).toEqual(['ws']);
  });

  it('a key kept in the file while the keychain was away replaces the keychain’s older one', async () => {
    const { store, keychain, later } = stuckSetup();
    await store.set('ws', OLD);
    keychain.up = false;
    await store.set('ws', NEW);
    keychain.up = true;
    later(KEYCHAIN_RETRY_MS);
    expect(await store.get('ws')).toBe(NEW);
    expect(keychain.entries.get('ws')).toBe(NEW);
  });
});

describe('the key file’s own failures', () => {
  it('encryption refusing (safeStorage throws) is the keychain error, and an older key stays', async () => {
    const { store, keychain, file, cipherState, later } = setup();
    keychain.up = false;
    await store.set('ws', KEY);
    cipherState.encryptFails = true;
    later(KEYCHAIN_RETRY_MS);
    await expect(store.set('ws', `${KEY}-2`)).rejects.toMatchObject({ kind: 'keychain' });
    await expect(store.set('ws-2', `${KEY}-2`)).rejects.toMatchObject({ kind: 'keychain' });
    expect(file.accounts()).toEqual(['ws']);
    expect(await store.get('ws')).toBe(KEY);
  });

  it('valid JSON of another shape is moved aside, never read as accounts', async () => {
    const { writeFileSync, readdirSync } = await import('node:fs');
    for (const text of ['null', '[]', '"keys"', '{"version": 1, "keys": "abc"}', '{"keys": ["x"]}']) {
      const { store, keychain, file } = setup();
      writeFileSync(file.file, text);
      expect(file.accounts(), text).toEqual([]);
      const aside = readdirSync(path.dirname(file.file)).filter((f) =>
        f.startsWith(`${KEY_FILE_NAME}.unreadable-`),
      );
      expect(aside, text).toHaveLength(1);
      keychain.up = false;
      await store.set('ws', KEY);
      expect(await store.get('ws')).toBe(KEY);
    }
  });
});
