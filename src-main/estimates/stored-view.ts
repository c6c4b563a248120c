/**
 * The estimate screen's view kept beside a large estimate's offline copy. Opening a cached estimate
 * of 20,000 items means reading it, building its tree and totals and writing the view's JSON: most
 * of a second of a worker's time, every time the user opens it offline. The view it gave is kept
 * (compressed, cache kind `estimate-view`), and the next offline open is a read and an inflate.
 *
 * A kept view is used only for the very bytes it was made from (the SHA-256 of the estimate's cached
 * copy) and by the same PlanDesk (`format`: the view's form may change with an update); anything
 * else, a damaged row included, is rebuilt from the estimate, and kept again. Hashing, compressing
 * and inflating run on libuv's threads, never on main's.
 */
import { webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { buffer } from 'node:stream/consumers';
import { createGzip, gunzip } from 'node:zlib';
import { gunzipChunkSize } from '../cache/cache-db';
import type { EstimateSummary } from '../../src-shared/estimates/types';

const gunzipAsync = promisify(gunzip);

/** Views smaller than this are not kept: they are rebuilt in well under a tenth of a second. */
export const STORED_VIEW_ABOVE_BYTES = 256 * 1024;

/**
 * The largest view kept: an estimate's answer is at most 64 MB (api/limits.ts), and its view some
 * 1.4 times its JSON (more with many characters beyond ASCII, each written as an escape).
 */
export const STORED_VIEW_MAX_BYTES = 256 * 1024 * 1024;

/** Bumped when what is stored changes shape; the app's version is added to it (EstimatesService). */
const STORED_VIEW_LAYOUT = 1;

/** What the estimate screen is given besides the view: its totals for the list, and its version. */
export interface StoredViewData {
  viewBytes: Uint8Array;
  summary: EstimateSummary;
  modified: string | null;
}

interface Header {
  format: string;
  /** SHA-256 (hex) of the estimate's cached bytes the view was made from. */
  estimate: string;
  viewLength: number;
  summary: EstimateSummary;
  modified: string | null;
}

/** Header length, header JSON, view: all inside one gzip stream, so its checksum covers them all. */
const LENGTH_BYTES = 4;
/** The compressed row comes out in pieces of this size (a few, not hundreds of 16 KiB ones). */
const OUTPUT_CHUNK_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 64 * 1024;

/** The format a view kept by this PlanDesk has (`appVersion`: the running app's). */
export function storedViewFormat(appVersion: string): string {
  return `${STORED_VIEW_LAYOUT}|${appVersion}`;
}

/**
 * The SHA-256 of an estimate's cached bytes, hex. Web Crypto hashes off main's thread, and takes its
 * copy of the bytes at the call: they may be moved to a worker right after. Empty (moved already)
 * bytes are refused rather than hashed.
 */
export function estimateDigest(bytes: Uint8Array): Promise<string> {
  const digest =
    bytes.byteLength === 0
      ? Promise.reject(new Error('no estimate bytes to hash'))
      : webcrypto.subtle.digest('SHA-256', bytes).then((d) => Buffer.from(d).toString('hex'));
  // Awaited later, or never (no view to compare with): a failure is never an unhandled rejection.
  digest.catch(() => undefined);
  return digest;
}

/**
 * The row to keep for `data`, made from the estimate whose cached bytes hash to `estimate`. The view
 * goes into the compressor as it is, not joined to its header first: a copy of a 17 MB view on
 * main's thread was its longest stall after an estimate opened.
 */
export async function encodeStoredView(
  data: StoredViewData,
  estimate: string,
  format: string,
): Promise<Uint8Array> {
  const header: Header = {
    format,
    estimate,
    viewLength: data.viewBytes.byteLength,
    summary: data.summary,
    modified: data.modified,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(headerBytes.length);
  const gz = createGzip({ level: 1, chunkSize: OUTPUT_CHUNK_BYTES });
  const row = buffer(gz);
  gz.write(Buffer.concat([length, headerBytes]));
  gz.end(data.viewBytes);
  return new Uint8Array(await row);
}

/**
 * The view kept in `stored` if it was made from the estimate hashing to `estimate` by this PlanDesk
 * (`format`); null for any other row, damaged or not.
 */
export async function decodeStoredView(
  stored: Uint8Array,
  estimate: string,
  format: string,
): Promise<StoredViewData | null> {
  let plain: Buffer;
  try {
    plain = await gunzipAsync(stored, {
      maxOutputLength: STORED_VIEW_MAX_BYTES + LENGTH_BYTES + MAX_HEADER_BYTES,
      chunkSize: gunzipChunkSize(stored),
    });
  } catch {
    return null;
  }
  if (plain.length < LENGTH_BYTES) return null;
  const headerLength = plain.readUInt32LE(0);
  if (headerLength > MAX_HEADER_BYTES || LENGTH_BYTES + headerLength > plain.length) return null;
  const header = headerOf(plain.toString('utf8', LENGTH_BYTES, LENGTH_BYTES + headerLength));
  if (!header || header.format !== format || header.estimate !== estimate) return null;
  const viewBytes = plain.subarray(LENGTH_BYTES + headerLength);
  if (viewBytes.length !== header.viewLength) return null;
  return {
    viewBytes: new Uint8Array(viewBytes.buffer, viewBytes.byteOffset, viewBytes.byteLength),
    summary: header.summary,
    modified: header.modified,
  };
}

/** The header, if it has every field in its type (the row comes from the disk). */
function headerOf(text: string): Header | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const h = value as Record<string, unknown>;
  const summary = h.summary as Record<string, unknown> | null | undefined;
  const ok =
    typeof h.format === 'string' &&
    typeof h.estimate === 'string' &&
    typeof h.viewLength === 'number' &&
    (typeof h.modified === 'string' || h.modified === null) &&
    typeof summary === 'object' &&
    summary !== null &&
    typeof summary.quote === 'object' &&
    summary.quote !== null;
  return ok ? (value as Header) : null;
}
