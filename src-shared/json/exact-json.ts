/**
 * JSON values exactly as the service sent them. A form's schema is not shown in the spec, so PlanDesk
 * keeps every field it does not understand and sends it back unchanged; that includes numbers a
 * double cannot hold (`12345678901234567890`, `1e400`, `-0`), which `JSON.parse` would silently change,
 * and numbers JSON.stringify would write differently (`1.50`). Such a literal is kept as an
 * `ExactNumber`: a one-key object holding its text, which survives structured cloning (IPC) and the
 * cache, and which `exactJsonText` writes back as the literal.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The key of an ExactNumber. The NUL makes it a key no service sends. */
export const EXACT_NUMBER = '\u0000plandesk:number';
export type ExactNumber = { [EXACT_NUMBER]: string };

const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// A string token (left alone) or a number token. Strings are consumed whole, so digits inside them
// are never taken for numbers.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

export function isExactNumber(v: unknown): v is ExactNumber {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  const text = (v as Record<string, unknown>)[EXACT_NUMBER];
  return keys.length === 1 && typeof text === 'string' && NUMBER_TEXT.test(text);
}

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isExactNumber(v);
}

/** Sign, significant digits and exponent: `1.50` and `15e-1` give the same. */
function canonicalNumber(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const digits = (int + frac).replace(/^0+/, '');
  if (digits === '') return `${sign}0`;
  const leadingZeros = (int + frac).length - digits.length;
  const trimmed = digits.replace(/0+$/, '');
  const exponent = Number(exp) + int.length - leadingZeros - 1;
  return `${sign}${trimmed}e${exponent}`;
}

/**
 * Whether `JSON.parse` and then `JSON.stringify` give back this very literal. Not only lost digits
 * change it: `1.50`, `1E5` or `119209289550781250000000` come back as `1.5`, `100000` and
 * `1.1920928955078125e+23`, the same value in other words; those are kept as sent too.
 */
function numberSurvives(token: string): boolean {
  return JSON.stringify(Number(token)) === token;
}

/** A double as decimal text without an exponent JSON would reject (`1e+21` is fine for JSON). */
function numberText(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}

/** Parses JSON, keeping every number literal a double cannot hold as an ExactNumber. Throws SyntaxError. */
export function parseExactJson(text: string): JsonValue {
  let marked = false;
  const rewritten = text.replace(TOKEN, (token) => {
    if (token.charCodeAt(0) === 34 /* " */ || numberSurvives(token)) return token;
    marked = true;
    return `{${JSON.stringify(EXACT_NUMBER)}:${JSON.stringify(token)}}`;
  });
  return JSON.parse(marked ? rewritten : text) as JsonValue;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** JSON text of a value, with every ExactNumber written as its literal. */
export function exactJsonText(value: unknown, indent = 2): string {
  const prefix = `\u0000${Math.random().toString(36).slice(2)}:`;
  let used = false;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (!isExactNumber(v)) return v;
      used = true;
      return prefix + v[EXACT_NUMBER];
    },
    indent,
  );
  if (!used) return text;
  const quoted = escapeRegExp(JSON.stringify(prefix).slice(0, -1));
  return text.replace(new RegExp(`${quoted}([-+.0-9eE]+)"`, 'g'), '$1');
}

/** Deep equality of JSON values; ExactNumbers compare by value, so do plain numbers against them. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    const xn = isExactNumber(x) ? canonicalNumber(x[EXACT_NUMBER]) : null;
    const yn = isExactNumber(y) ? canonicalNumber(y[EXACT_NUMBER]) : null;
    if (xn !== null || yn !== null) {
      const left = xn ?? (typeof x === 'number' ? canonicalNumber(numberText(x)) : null);
      const right = yn ?? (typeof y === 'number' ? canonicalNumber(numberText(y)) : null);
      if (left === null || left !== right) return false;
      continue;
    }
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      x.forEach((v, i) => stack.push([v, y[i]]));
      continue;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const k of keys) {
      if (!Object.prototype.hasOwnProperty.call(yo, k)) return false;
      stack.push([xo[k], yo[k]]);
    }
  }
  return true;
}

/** How deeply arrays and objects nest (0 for a scalar); counted without recursion. */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null || isExactNumber(v)) continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > stopAt) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return max;
}
