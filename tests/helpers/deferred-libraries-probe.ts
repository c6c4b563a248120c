/**
 * Run as a script in a process of its own (tests/unit/deferred-libraries.test.ts): pdfkit loaded
 * with workers/deferred-libraries.ts in place, then an encrypted document written, which needs the
 * ciphers and hashes it deferred. Prints what was loaded when, and where the document went.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deferLibraries } from '../../src-main/workers/deferred-libraries';

deferLibraries();
const load = createRequire(__filename);
const deferred = (): string[] =>
  Object.keys(load.cache)
    .map((file) => /node_modules[\\/](brotli|@noble[\\/]\w+|tiny-inflate)[\\/]/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => name.replace('\\', '/'));

const PDFDocument = load('pdfkit') as typeof import('pdfkit');
const unicode = load('unicode-properties') as { getCategory(cp: number): string };
const atStart = [...new Set(deferred())];

const target = process.argv[2]!;
const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7ext3' });
const chunks: Buffer[] = [];
doc.on('data', (c: Buffer) => chunks.push(c));
doc.on('end', () => {
  writeFileSync(target, Buffer.concat(chunks));
  process.stdout.write(
    JSON.stringify({
      atStart,
      afterEncrypting: [...new Set(deferred())].sort(),
      categories: [0x41, 0x61, 0x30, 0x20ac].map((cp) => unicode.getCategory(cp)),
    }),
  );
});
doc.text('Angebot Größe 1.234,56 €');
doc.end();
