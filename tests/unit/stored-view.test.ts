import { gzipSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeStoredView,
  encodeStoredView,
  estimateDigest,
  storedViewFormat,
  type StoredViewData,
} from '../../src-main/estimates/stored-view';

const FORMAT = storedViewFormat('1.2.3');

function data(): StoredViewData {
  const view = JSON.stringify({ rows: Array.from({ length: 50 }, (_, i) => ({ name: `Küche ${i}` })) });
  return {
    viewBytes: new TextEncoder().encode(view),
    summary: {
      currency: 'EUR',
      quote: { digits: 2, net: '10.00', vat: [], gross: '11.90' } as never,
      client: 'Familie Öztürk',
    },
    modified: '2026-05-12 10:00:00',
  };
}

describe('a view kept beside an estimate', () => {
  it('comes back byte for byte, with its totals, for the same estimate and PlanDesk', async () => {
    const d = data();
    const stored = await encodeStoredView(d, 'abc', FORMAT);
    const back = await decodeStoredView(stored, 'abc', FORMAT);
    expect(back).not.toBeNull();
    expect(Buffer.from(back!.viewBytes).equals(Buffer.from(d.viewBytes))).toBe(true);
    expect(back!.summary).toEqual(d.summary);
    expect(back!.modified).toBe(d.modified);
  });

  it('is not used for other estimate bytes, another PlanDesk, or a damaged row', async () => {
    const stored = await encodeStoredView(data(), 'abc', FORMAT);
    expect(await decodeStoredView(stored, 'abd', FORMAT)).toBeNull();
    expect(await decodeStoredView(stored, 'abc', storedViewFormat('1.2.4'))).toBeNull();
    // Cut short, a flipped byte, not gzip at all, empty.
    expect(await decodeStoredView(stored.subarray(0, stored.length - 9), 'abc', FORMAT)).toBeNull();
    const flipped = new Uint8Array(stored);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x40;
    expect(await decodeStoredView(flipped, 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(new TextEncoder().encode('{"not":"a view"}'), 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(new Uint8Array(0), 'abc', FORMAT)).toBeNull();
  });

  it('refuses a well-formed row whose header or length does not hold', async () => {
    const plain = gunzipSync(await encodeStoredView(data(), 'abc', FORMAT));
    const headerLength = plain.readUInt32LE(0);
    const header = JSON.parse(plain.toString('utf8', 4, 4 + headerLength)) as Record<string, unknown>;
    const view = plain.subarray(4 + headerLength);
    const rebuilt = (h: unknown, v: Buffer = view, length?: number) => {
      const text = Buffer.from(JSON.stringify(h));
      const len = Buffer.alloc(4);
      len.writeUInt32LE(length ?? text.length);
      return new Uint8Array(gzipSync(Buffer.concat([len, text, v])));
    };
    // The rebuilt row itself is good: each case below changes one thing.
    expect(await decodeStoredView(rebuilt(header), 'abc', FORMAT)).not.toBeNull();
    expect(await decodeStoredView(rebuilt(header, view.subarray(1)), 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(rebuilt({ ...header, summary: null }), 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(rebuilt({ ...header, modified: 7 }), 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(rebuilt(header, view, 1 << 30), 'abc', FORMAT)).toBeNull();
    expect(await decodeStoredView(rebuilt([header]), 'abc', FORMAT)).toBeNull();
  });

  it("hashes the estimate's bytes as SHA-256, taking them at the call, and refuses none", async () => {
    const bytes = new Uint8Array(1_000_000).map((_, i) => i % 251);
    const want = createHash('sha256').update(bytes).digest('hex');
    const digest = estimateDigest(bytes);
    // Moved to another thread right after the call (as the cached bytes are, to a worker).
    structuredClone(bytes, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    expect(await digest).toBe(want);
    await expect(estimateDigest(bytes)).rejects.toThrow('no estimate bytes');
  });
});
