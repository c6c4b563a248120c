/**
 * The Project Updated webhook's body encoding, both ways. The spec: `application/x-www-form-urlencoded`,
 * strings UTF-8, and every byte that is not an ASCII letter or digit written as `%HH`. That is
 * stricter than encodeURIComponent/URLSearchParams (which leave `-._~` alone and write spaces as
 * `+`), so neither is used: a `+` never stands for a space here, because the service writes a space
 * as `%20` and a plus as `%2B`.
 */

const HEX = '0123456789ABCDEF';
const encoder = new TextEncoder();

function isAlnum(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

/** UTF-8, then every byte that is not an ASCII letter or digit as `%HH` (uppercase). */
export function percentEncodeAll(text: string): string {
  let out = '';
  for (const b of encoder.encode(text)) {
    out += isAlnum(b) ? String.fromCharCode(b) : '%' + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/** A body as the service writes it: `name=value` pairs joined by `&`, each strictly encoded. */
export function formEncode(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${percentEncodeAll(k)}=${percentEncodeAll(v)}`).join('&');
}

/** A body that cannot be read as the service's encoding; `detail` says where and why. */
export class MalformedForm extends Error {
  override readonly name = 'MalformedForm';
}

export interface DecodedForm {
  /** Names and values in the order sent (a name may repeat). */
  pairs: [string, string][];
  /** What deviates from the strict encoding but can still be read unambiguously. */
  notes: string[];
}

function hexValue(b: number | undefined): number {
  if (b === undefined) return -1;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes `%HH` to bytes, then the bytes as UTF-8. Any other byte is taken as itself (a raw `+` is a
 * plus sign); bytes the service would have escaped are noted once each. Throws MalformedForm for a
 * `%` without two hex digits after it, or bytes that are not UTF-8.
 */
function decodePart(bytes: Uint8Array, start: number, end: number, what: () => string, raw: Set<string>) {
  const out = new Uint8Array(end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b === 0x25 /* % */) {
      const hi = hexValue(i + 1 < end ? bytes[i + 1] : undefined);
      const lo = hexValue(i + 2 < end ? bytes[i + 2] : undefined);
      if (hi < 0 || lo < 0) {
        throw new MalformedForm(`${what()}: "%" at byte ${i} is not followed by two hexadecimal digits`);
      }
      out[n++] = hi * 16 + lo;
      i += 2;
      continue;
    }
    if (!isAlnum(b))
      raw.add(b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `0x${HEX[b >> 4]}${HEX[b & 15]}`);
    out[n++] = b;
  }
  try {
    return utf8.decode(out.subarray(0, n));
  } catch {
    throw new MalformedForm(`${what()}: not valid UTF-8 once decoded`);
  }
}

export function decodeServiceForm(bytes: Uint8Array): DecodedForm {
  const pairs: [string, string][] = [];
  const notes: string[] = [];
  const raw = new Set<string>();
  let start = 0;
  let index = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26 /* & */, start);
    if (end < 0) end = bytes.length;
    if (end === start) {
      if (bytes.length > 0) notes.push(`empty parameter at byte ${start} (ignored)`);
    } else {
      let eq = bytes.indexOf(0x3d /* = */, start);
      if (eq < 0 || eq > end) eq = -1;
      const position = index + 1;
      const name = decodePart(bytes, start, eq < 0 ? end : eq, () => `parameter ${position}'s name`, raw);
      const value =
        eq < 0 ? '' : decodePart(bytes, eq + 1, end, () => `the value of "${name.slice(0, 60)}"`, raw);
      if (eq < 0) notes.push(`parameter "${name.slice(0, 60)}" has no "=" (read as empty)`);
      pairs.push([name, value]);
      index++;
    }
    start = end + 1;
  }
  if (raw.size > 0) {
    notes.push(`unescaped characters the service writes as %HH: ${[...raw].join(' ')} (taken as themselves)`);
  }
  return { pairs, notes };
}
