/**
 * How the cache stores a JSON value: its text with every character above U+00FF written as a
 * `\uXXXX` escape, one byte per character (Latin-1), so it comes back as a one-byte string with a
 * plain copy, which V8 parses faster than text decoded from UTF-8. A large one is gzipped (level 1):
 * a 20,000-item estimate is 15 MB of text and under 2 MB stored, so writing it is a short transaction
 * on main's thread, and a worker spends less time inflating it than the disk would spend on the rest.
 * Strings come back exactly as they were.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { escapeJsonBeyondLatin1 } from '../api/lossless-json';

/** Text longer than this is stored compressed. */
export const COMPRESS_ABOVE_BYTES = 64 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** The value's JSON, escaped into Latin-1 (see above). */
export function latin1JsonText(data: unknown): string {
  const text = JSON.stringify(data);
  if (typeof text !== 'string') throw new TypeError('nothing to store (undefined or a function)');
  return escapeJsonBeyondLatin1(text);
}

/** The bytes the cache stores for `data`. */
export function storedJsonBytes(data: unknown): Buffer {
  const bytes = Buffer.from(latin1JsonText(data), 'latin1');
  return bytes.length > COMPRESS_ABOVE_BYTES ? gzipSync(bytes, { level: 1 }) : bytes;
}

/** The JSON text of stored bytes (compressed or not). */
export function storedJsonText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const plain = isGzipped(raw) ? gunzipSync(raw, { chunkSize: gunzipChunkSize(raw) }) : raw;
  return plain.toString('latin1');
}

/** Whether stored bytes are compressed (gzip's magic; JSON text never starts with it). */
export function isGzipped(bytes: Uint8Array): boolean {
  return bytes.length > 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/**
 * The whole output in one chunk when gzip's trailer says its size (the size modulo 2³², so it is
 * only a hint, capped): inflating a large estimate into one buffer skips joining hundreds of 16 KiB
 * pieces. Anything longer still inflates correctly, in more chunks.
 */
export function gunzipChunkSize(gz: Uint8Array): number {
  const hinted =
    gz.length >= 18 ? Buffer.from(gz.buffer, gz.byteOffset, gz.byteLength).readUInt32LE(gz.length - 4) : 0;
  return Math.min(Math.max(hinted + 1, 64 * 1024), 64 * 1024 * 1024);
}
