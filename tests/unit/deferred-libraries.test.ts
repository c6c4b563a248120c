/**
 * The parts of the PDF libraries a new thread loads only when they are used (workers/deferred-
 * libraries.ts): the same results as the libraries' own, loaded later. The probe runs in a process
 * of its own, as the thread entry installs the loader in a thread of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { inflateRaw, onFirstCall } from '../../src-main/workers/deferred-libraries';
import { describeWithTools, pdftotext } from '../helpers/external-tools';

const tinyInflate = createRequire(__filename)('tiny-inflate') as (s: Uint8Array, d: Uint8Array) => Uint8Array;
const dir = mkdtempSync(path.join(tmpdir(), 'plandesk-deferred-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes that compress (repeats, as the libraries' data tables) and bytes that do not. */
function samples(): Uint8Array[] {
  const random = new Uint8Array(5000);
  let x = 12345;
  for (let i = 0; i < random.length; i++) random[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const tables = Uint8Array.from({ length: 70_000 }, (_, i) => (i % 97) ^ (i >> 9));
  return [new Uint8Array(0), Uint8Array.of(7), random, tables];
}

describe('inflateRaw, for tiny-inflate', () => {
  it('gives what tiny-inflate gives, into the space given or the start of a larger one', () => {
    for (const plain of samples()) {
      const packed = deflateRawSync(plain);
      for (const extra of [0, 16]) {
        const ours = inflateRaw(packed, new Uint8Array(plain.length + extra));
        const theirs = tinyInflate(packed, new Uint8Array(plain.length + extra));
        expect(Buffer.from(ours)).toEqual(Buffer.from(theirs));
        expect(Buffer.from(ours)).toEqual(Buffer.from(plain));
      }
    }
  });

  it('refuses data that inflates to more than the space given, and data that is not deflate', () => {
    const plain = new Uint8Array(1000).fill(3);
    expect(() => inflateRaw(deflateRawSync(plain), new Uint8Array(999))).toThrow();
    expect(() => inflateRaw(Uint8Array.of(0xff, 0xff, 0xff), new Uint8Array(10))).toThrow();
  });
});

describe('onFirstCall', () => {
  it('loads the module at its first use, once, and passes calls and properties through', () => {
    let loads = 0;
    const mod = { twice: (n: number) => 2 * n, name: 'aes' };
    const lazy = onFirstCall(() => (loads++, mod)) as typeof mod;
    expect(loads).toBe(0);
    expect(lazy.twice(21)).toBe(42);
    expect(lazy.name).toBe('aes');
    expect('twice' in lazy).toBe(true);
    expect(Object.keys(lazy)).toEqual(['twice', 'name']);
    expect(loads).toBe(1);

    // A module that is one function (brotli's decoder) is called as itself.
    const fn = onFirstCall(() => (a: number, b: number) => a + b) as (a: number, b: number) => number;
    expect(fn(2, 3)).toBe(5);
  });
});

describeWithTools('pdfkit with its parts deferred', [pdftotext], () => {
  it('loads no cipher, hash or brotli at start, and writes an encrypted document with them later', () => {
    const target = path.join(dir, 'encrypted.pdf');
    const probe = path.join(__dirname, '..', 'helpers', 'deferred-libraries-probe.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', probe, target], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as {
      atStart: string[];
      afterEncrypting: string[];
      categories: string[];
    };
    // unicode-trie's tables were read through inflateRaw (tiny-inflate itself never loaded).
    expect(out.atStart).toEqual([]);
    expect(out.categories).toEqual(['Lu', 'Ll', 'Nd', 'Sc']);
    expect(out.afterEncrypting).toEqual(expect.arrayContaining(['@noble/ciphers', '@noble/hashes']));
    expect(out.afterEncrypting).not.toContain('brotli');
    expect(out.afterEncrypting).not.toContain('tiny-inflate');

    // Encrypted (AES-256), and readable with its password only.
    expect(readFileSync(target).includes('/Encrypt')).toBe(true);
    const read = (password: string) =>
      spawnSync(pdftotext.path ?? 'pdftotext', ['-upw', password, target, '-'], { encoding: 'utf8' });
    expect(read('secret').stdout).toContain('Angebot Größe 1.234,56 €');
    expect(read('wrong').status).not.toBe(0);
  });
});
