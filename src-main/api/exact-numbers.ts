/**
 * Number literals a double cannot hold (lossless-json.ts says why they matter): finding them, and
 * parsing JSON with each of them kept as a string of its exact text.
 */

// A string token (skipped unchanged) or a number token (maybe rewritten). Scanning left to right,
// a string is always consumed whole, so digits inside strings are never mistaken for numbers. The
// string's loop is unrolled (runs of plain characters, then an escape): an alternation repeated per
// character overflows the regex stack on a string of some million characters.
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * A number literal with more than 15 significant digits, in the only places JSON allows a number: at
 * the start of the text or after `:`, `,` or `[` (and optional whitespace). The mantissa's first
 * non-zero digit, fourteen more digits (a decimal point may sit between any of them), then any digits
 * and a non-zero one: digit 16 or later. Leading zeros (`0.000…`) are skipped; the exponent does not
 * count (it moves the point, not the digits). Anchoring on the separators keeps the scan to one
 * native pass that skips letters and hex groups cheaply (under 2 ns per character, about half the
 * time of a hand-written loop). A `:` or `,` inside a string can only add a false alarm, which costs
 * the slow path, never accuracy.
 */
export const INEXACT_LITERAL = /[:,[]\s*-?[0.]*[1-9](?:\.?\d){14}\.?\d*[1-9]/;
/** The same at the very start (a bare number as the whole text), kept apart so the scan above starts
 * on one character class. */
const INEXACT_AT_START = /^\s*-?[0.]*[1-9](?:\.?\d){14}\.?\d*[1-9]/;

function quoteInexactNumbers(text: string): string {
  return text.replace(TOKEN, (token) => {
    const first = token.charCodeAt(0);
    if (first === 34 /* " */) return token;
    if (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) return token;
    return `"${token}"`;
  });
}

export function mayLoseDigits(text: string): boolean {
  return INEXACT_AT_START.test(text) || INEXACT_LITERAL.test(text);
}

/**
 * JSON.parse, with every number literal a double cannot hold turned into a string of its exact text
 * first when `inexact` (mayLoseDigits(text) unless given). Throws JSON.parse's SyntaxError.
 */
export function parseKeepingDigits(text: string, inexact = mayLoseDigits(text)): unknown {
  return JSON.parse(inexact ? quoteInexactNumbers(text) : text);
}
