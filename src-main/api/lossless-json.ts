/**
 * JSON parsing that never loses a digit.
 *
 * `JSON.parse` turns `1234567.123456789012` into the nearest double, silently dropping digits the
 * service sent. Before parsing we rewrite every number literal that is not a safe integer into a
 * string holding its exact source text; the native parser then does the rest at full speed.
 * Schemas downstream decide what each field is: money becomes a Decimal, a measurement a number.
 */

// A string token (skipped unchanged) or a number token (maybe rewritten). Scanning left to right,
// a string is always consumed whole, so digits inside strings are never mistaken for numbers.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function quoteInexactNumbers(text: string): string {
  return text.replace(TOKEN, (token) => {
    const first = token.charCodeAt(0);
    if (first === 34 /* " */) return token;
    if (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) return token;
    return `"${token}"`;
  });
}

export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

/**
 * Parses JSON text. Safe integers stay numbers; every other number literal becomes a string with
 * its exact text (e.g. `"12.500000000000"`). Throws JsonSyntaxError on malformed text.
 */
export function parseJsonLossless(text: string): unknown {
  try {
    return JSON.parse(quoteInexactNumbers(text));
  } catch (e) {
    throw new JsonSyntaxError(e instanceof Error ? e.message : 'Malformed JSON');
  }
}
