import { eachChunk, type BodyLimit } from './body-reader';
import { INEXACT_LITERAL, mayLoseDigits, parseKeepingDigits } from './exact-numbers';
import { StreamedArray } from './streamed-array';

/**
 * JSON parsing that never loses a digit.
 *
 * `JSON.parse` turns `1234567.123456789012` into the nearest double, silently dropping digits the
 * service sent. But a decimal literal with at most 15 significant digits always survives the trip:
 * a double holds 15 decimal digits exactly (DBL_DIG), and `String(n)` gives back the shortest text
 * that maps to the same double, which is then that literal's value (within a double's range: an
 * exponent past about ±308 gives Infinity, which the schemas refuse, or a subnormal, which is zero
 * at twelve fractional digits). Money with twelve fractional digits usually has far fewer
 * significant digits than characters (`1234.500000000000` has 5).
 *
 * So: when no number literal in the text has more than 15 significant digits, the native parser is
 * exact and we use it as is (fast: 15 MB in ~45 ms). Otherwise every number literal that is not a
 * safe integer is rewritten into a string holding its exact text before parsing. Schemas downstream
 * accept both (a number, or a string of digits); the estimate tree turns money into exact text.
 */

export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

/**
 * Parses JSON text without losing digits. When the text has a literal with more than 15 significant
 * digits, every number literal that is not a safe integer becomes a string with its exact text (e.g.
 * `"1234567.123456789012"`); otherwise all stay numbers. Throws
 * JsonSyntaxError on malformed text. `scanned` is what a JsonTextReader found while the text came
 * in; without it the text is scanned here.
 */
export function parseJsonLossless(text: string, scanned?: { mayLoseDigits: boolean }): unknown {
  const inexact = scanned ? scanned.mayLoseDigits : mayLoseDigits(text);
  try {
    return parseKeepingDigits(text, inexact);
  } catch (e) {
    throw new JsonSyntaxError(e instanceof Error ? e.message : 'Malformed JSON');
  }
}

/** A run this long of digits and blanks after a separator is not a plausible service answer. */
const MAX_OPEN_LITERAL = 1 << 20;

/**
 * Decodes a JSON response body (UTF-8 bytes) as it arrives and scans it for number literals a double
 * cannot hold, chunk by chunk, so that both are done when the last byte is in: a 15 MB estimate
 * takes ~30 ms to decode and ~25 ms to scan, work that now overlaps the download instead of
 * following it. Decoding is TextDecoder's, as Response.text() does it (a split multi-byte character
 * waits for its second chunk; invalid bytes become U+FFFD; a leading BOM is dropped).
 *
 * A literal may straddle two chunks. Each scan covers the previous chunk's open end (from its last
 * separator, if nothing but digits, signs, points and blanks follow it) plus the new chunk, so any
 * literal is seen whole. The text starts with a virtual separator, so a bare number is covered too.
 *
 * Characters beyond Latin-1 (a dash, an emoji) are written as JSON escapes (`\u2014`): the same JSON,
 * but the text stays a one-byte string, half the size, which joins and parses faster (15 MB: ~10 ms
 * and ~5 ms less). Outside strings such characters are invalid JSON either way; one right after a
 * backslash is left as it is (escaping it could turn an invalid escape into a valid one).
 */
export class JsonTextReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parts: string[] = [];
  private open = ',';
  private inexact = false;
  private afterBackslash = false;
  private readonly elements: StreamedArray | null;
  /** After `parse`: whether the array's elements parsed while the text arrived were used. */
  streamed = false;

  /**
   * `streamArray`: the key (and depth) of a large array whose elements are parsed while the text arrives
   * (api/streamed-array.ts); `parse` then uses them, and `onBatch` is given each batch as it is
   * parsed. `batchChars`: how much text each batch of them is parsed from (StreamedArray's default
   * unless given).
   */
  constructor(
    options: {
      streamArray?: { key: string; depth: number; onBatch?: (elements: unknown[]) => void };
      batchChars?: number;
    } = {},
  ) {
    const { streamArray, batchChars } = options;
    this.elements = streamArray
      ? new StreamedArray(streamArray.key, {
          depth: streamArray.depth,
          batchChars,
          ...(streamArray.onBatch ? { onBatch: streamArray.onBatch } : {}),
        })
      : null;
  }

  push(bytes: Uint8Array): void {
    this.take(this.decoder.decode(bytes, { stream: true }));
  }

  /** The whole text, and whether any literal may lose digits as a double. */
  finish(): { text: string; mayLoseDigits: boolean } {
    this.take(this.decoder.decode());
    return { text: this.parts.join(''), mayLoseDigits: this.inexact };
  }

  /**
   * The whole text parsed without losing digits, as parseJsonLossless(finish().text) reads it. With
   * `streamArray`, the array's elements parsed while the text arrived are used where `locate` finds
   * the array (StreamedArray.finish: the same values, a number maybe not as text); otherwise the
   * whole text is parsed. Throws JsonSyntaxError on malformed text.
   */
  parse(locate: (json: unknown) => unknown): unknown {
    this.take(this.decoder.decode());
    if (this.elements) {
      const json = this.elements.finish(locate);
      if (json !== null) {
        this.streamed = true;
        return json;
      }
    }
    return parseJsonLossless(this.parts.join(''), { mayLoseDigits: this.inexact });
  }

  private take(decoded: string): void {
    if (decoded === '') return;
    const piece = NON_ASCII.test(decoded) ? oneByte(decoded, this.afterBackslash) : decoded;
    this.afterBackslash = decoded.charCodeAt(decoded.length - 1) === 92; /* \ */
    this.parts.push(piece);
    if (!this.inexact) this.scan(piece);
    if (this.elements) {
      // Scanned first: a batch is cut from text already scanned, so each one before the first
      // literal a double cannot hold is exact as JSON.parse reads it, and each from there on is
      // parsed keeping every digit.
      if (this.inexact) this.elements.keepEveryDigit();
      this.elements.take(piece);
    }
  }

  private scan(piece: string): void {
    const window = this.open + piece;
    if (INEXACT_LITERAL.test(window)) {
      this.inexact = true;
      return;
    }
    this.open = openLiteral(window);
    // Megabytes of digits and blanks: no answer the service gives. The exact path handles it.
    if (this.open.length > MAX_OPEN_LITERAL) this.inexact = true;
  }
}

const NON_ASCII = /[\u0080-\uffff]/;
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
const BEYOND_LATIN1_ALL = /[\u0100-\uffff]/g;

/**
 * The same text as a one-byte string: characters beyond Latin-1 escaped, then copied through Latin-1
 * bytes (a decoder hands out two-byte strings for any non-ASCII text, even "ä").
 */
function oneByte(text: string, afterBackslash: boolean): string {
  const latin1 = BEYOND_LATIN1.test(text) ? escapeBeyondLatin1(text, afterBackslash) : text;
  // A character left unescaped after a backslash stays as it is, in a two-byte string.
  return BEYOND_LATIN1.test(latin1) ? latin1 : Buffer.from(latin1, 'latin1').toString('latin1');
}

/** `\uXXXX` for every UTF-16 unit beyond Latin-1, except right after a backslash. */
function escapeBeyondLatin1(text: string, afterBackslash: boolean): string {
  return text.replace(BEYOND_LATIN1_ALL, (c: string, offset: number) => {
    const before = offset > 0 ? text.charCodeAt(offset - 1) : afterBackslash ? 92 : 0;
    return before === 92 ? c : unitEscape(c);
  });
}

function unitEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Valid JSON (JSON.stringify's output) with every character beyond Latin-1 written as `\uXXXX`: the
 * same JSON value, one byte per character, so it can be stored as Latin-1 bytes and read back as a
 * one-byte string, which V8 copies and parses faster.
 */
export function escapeJsonBeyondLatin1(json: string): string {
  return BEYOND_LATIN1.test(json) ? json.replace(BEYOND_LATIN1_ALL, unitEscape) : json;
}

/**
 * The end of `text` from its last separator (`:`, `,`, `[`) when only blanks, digits, signs and
 * points follow it: the start of a literal the next chunk may continue. Otherwise empty.
 */
function openLiteral(text: string): string {
  let i = text.length - 1;
  for (; i >= 0; i--) {
    const c = text.charCodeAt(i);
    const partOfLiteral =
      (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 32 || c === 10 || c === 13 || c === 9;
    if (!partOfLiteral) break;
  }
  if (i < 0) return text;
  const c = text.charCodeAt(i);
  return c === 58 || c === 44 || c === 91 ? text.slice(i) : '';
}

/**
 * Reads a response body through a JsonTextReader, at most `limit.maxBytes` (TooLargeError past it).
 * The cap costs one addition per chunk, never work per character.
 */
export async function readJsonText(
  body: AsyncIterable<Uint8Array>,
  limit: BodyLimit = { maxBytes: Number.POSITIVE_INFINITY },
): Promise<{ text: string; mayLoseDigits: boolean }> {
  const reader = new JsonTextReader();
  await eachChunk(body, limit, (chunk) => reader.push(chunk));
  return reader.finish();
}
