/**
 * JSON serialisation that can write decimal strings as raw JSON numbers.
 *
 * The service sends money as numbers with twelve fractional digits (`1234.500000000000`).
 * JSON.stringify cannot: a JS number loses the trailing zeros and, past ~15 digits, the value.
 * So money travels through the simulator as text. Speed matters (a 20,000-item estimate), and
 * V8's native JSON.stringify beats any serialiser written in JS by a wide margin, so the work is
 * left to it: a money subtree is stringified natively and its money strings are unquoted with
 * one regex pass; the result is spliced into the surrounding document through a marker.
 */
import { randomBytes } from 'node:crypto';

// NUL plus a per-process random nonce: data from a client cannot forge a marker it never sees.
const NONCE = randomBytes(9).toString('hex');
const MARK = `\u0000${NONCE}:`;
// JSON.stringify writes the NUL as the six characters \u0000.
const MARKED = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`, 'g');

const NUMBER_SOURCE = '-?(?:0|[1-9]\\d*)(?:\\.\\d+)?';
const JSON_NUMBER = new RegExp(`^${NUMBER_SOURCE}$`);

export interface WriteOptions {
  moneyAsStrings: boolean;
}

/** The serialisation in progress; JSON.stringify is synchronous, so one slot list at a time. */
let current: { slots: string[]; options: WriteOptions } | null = null;

function slot(text: string): string {
  const slots = (current as { slots: string[] }).slots;
  slots.push(text);
  return MARK + String(slots.length - 1);
}

/** One decimal value to be written as a raw number (or a string under the moneyAsStrings variant). */
export class Money {
  constructor(readonly text: string) {}

  toJSON(): string {
    // Outside writeJson (a plain JSON.stringify) the value is simply its text.
    if (!current) return this.text;
    const raw = !current.options.moneyAsStrings && JSON_NUMBER.test(this.text);
    return slot(raw ? this.text : JSON.stringify(this.text));
  }
}

const keyPatterns = new WeakMap<ReadonlySet<string>, RegExp>();

/**
 * In JSON text a quote inside a string is always escaped, so `"key":"…"` with bare quotes is
 * necessarily a real key and its string value; the pattern cannot match inside user text.
 */
function moneyPattern(keys: ReadonlySet<string>): RegExp {
  let re = keyPatterns.get(keys);
  if (!re) {
    const names = [...keys].map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    re = new RegExp(`"(${names})":"(${NUMBER_SOURCE})"`, 'g');
    keyPatterns.set(keys, re);
  }
  return re;
}

/**
 * Marks a subtree in which string values under the named keys are money. Lets the estimate
 * handler hand over its stored items as they are, without building 20,000 new objects.
 */
export class MoneyFields {
  constructor(
    readonly value: unknown,
    readonly keys: ReadonlySet<string>,
  ) {}

  toJSON(): unknown {
    if (!current) return this.value;
    const options = current.options;
    const text = writeJson(this.value, options);
    return slot(options.moneyAsStrings ? text : text.replace(moneyPattern(this.keys), '"$1":$2'));
  }
}

export function writeJson(value: unknown, options: WriteOptions = { moneyAsStrings: false }): string {
  const outer = current;
  const state = { slots: [] as string[], options };
  current = state;
  try {
    const text = JSON.stringify(value) ?? 'null';
    if (state.slots.length === 0) return text;
    return text.replace(MARKED, (_whole, index: string) => state.slots[Number(index)] ?? 'null');
  } finally {
    current = outer;
  }
}
