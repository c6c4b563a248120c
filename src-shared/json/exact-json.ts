/**
 * JSON values exactly as the service sent them. A form's schema is not shown in the spec, so PlanDesk
 * keeps every field it does not understand and sends it back unchanged; that includes numbers a
 * double cannot hold (`12345678901234567890`, `1e400`, `-0`), which `JSON.parse` would silently change,
 * and numbers JSON.stringify would write differently (`1.50`). Such a literal is kept as an
 * `ExactNumber`: a one-key object holding its text, which survives structured cloning (IPC) and the
 * cache, and which `exactJsonText` writes back as the literal.
 *
 * Every key is data: objects are read without a prototype, so a field named `__proto__` (or
 * `constructor`) is a field like any other, never dropped and never able to change an object's
 * prototype. An object the service or a file sends with the ExactNumber key itself is refused
 * (`InternalMarkerError`): it would otherwise be written back as a number it never was.
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

/** The JSON text held an object shaped like PlanDesk's own ExactNumber (see above). */
export class InternalMarkerError extends SyntaxError {
  override readonly name = 'InternalMarkerError';
  constructor() {
    super('The JSON holds an object shaped like PlanDesk’s internal number marker.');
  }
}

/**
 * Parses JSON, keeping every number literal a double cannot hold as an ExactNumber; objects come
 * without a prototype. Throws SyntaxError (InternalMarkerError for an object holding the ExactNumber
 * key).
 */
export function parseExactJson(text: string): JsonValue {
  // The literals are first written as objects under a key of this parse only, which no text can
  // know; the ExactNumber key itself in the text is then the sender's, and refused.
  const stand = `\u0000plandesk:literal:${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const rewritten = text.replace(TOKEN, (token) =>
    token.charCodeAt(0) === 34 /* " */ || numberSurvives(token)
      ? token
      : `{${JSON.stringify(stand)}:${JSON.stringify(token)}}`,
  );
  return JSON.parse(rewritten, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    const fields = value as Record<string, unknown>;
    if (keys.length === 1 && keys[0] === stand) return { [EXACT_NUMBER]: fields[stand] };
    if (Object.hasOwn(fields, EXACT_NUMBER)) throw new InternalMarkerError();
    return dataObject(keys.map((k) => [k, fields[k]]));
  }) as JsonValue;
}

/**
 * An object of these fields and no prototype: `__proto__` is a field like the others (an ordinary
 * object would take it as its prototype and lose it).
 */
export function dataObject<T = JsonValue>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const o = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries) o[k] = v;
  return o;
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
