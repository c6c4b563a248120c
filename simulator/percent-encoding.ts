/**
 * The service's form encoding: UTF-8, and every byte that is not an ASCII letter or digit written
 * as %HH (uppercase). Stricter than encodeURIComponent/URLSearchParams, which leave `-._~` (and
 * more) alone and write spaces as `+`.
 */

const HEX = '0123456789ABCDEF';

function isAlnum(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}

export function percentEncodeAll(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  let out = '';
  for (const b of bytes) {
    out += isAlnum(b) ? String.fromCharCode(b) : '%' + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/** `application/x-www-form-urlencoded` body with the strict encoding above. */
export function formEncode(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${percentEncodeAll(k)}=${percentEncodeAll(v)}`).join('&');
}
