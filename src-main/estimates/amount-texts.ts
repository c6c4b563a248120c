/**
 * The twelve-digit texts of every amount of an estimate's items, made in one go.
 *
 * A 20,000-item estimate has some 160,000 non-zero amounts, nearly all whole cents sent as numbers.
 * Making a string per amount one by one costs more than the rest of the tree: `+` gives a rope that
 * every later read (the totals, the cache, IPC) first copies into a flat string, and a Buffer or
 * fromCharCode call per amount has a fixed cost of its own (a slice of one big string is cheap to make
 * but slow to read character by character). So the digits of all whole-cent amounts are written as a
 * JSON array of strings into one byte buffer, and JSON.parse turns that into 160,000 flat strings
 * natively, in a few milliseconds. Everything else (text from the service, other numbers) goes
 * through moneyText one by one. The cents are kept too: the totals add them as integers
 * (`addTo`), without reading the texts back.
 */
import type { EstimateItem } from '../api/schemas';
import { ITEM_DECIMAL_FIELDS } from '../../src-shared/estimates/types';
import { ZERO_TEXT, centsOf, moneyText } from '../../src-shared/money/amounts';
import type { PicoSum } from '../../src-shared/money/pico-sum';

/** An item's amounts, in slot order: `get(index, AMOUNT.total)`. */
export const AMOUNT_FIELDS = ITEM_DECIMAL_FIELDS;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
/** The slot of each amount field. */
export const AMOUNT = Object.fromEntries(AMOUNT_FIELDS.map((f, i) => [f, i])) as Readonly<
  Record<AmountField, number>
>;
const FIELD_COUNT = AMOUNT_FIELDS.length;

/** Slot markers (indexes into the texts are ≥ 0). */
const NONE = -1;
const ZERO = -2;
/** Codes from here down number the directly kept texts. */
const DIRECT = -3;

/** Quotes, "-", 13 integer digits (cents below 10¹⁵), ".", 12 digits and a comma. */
const MAX_TEXT_BYTES = 30;

type Amount = string | number | null | undefined;

export class AmountTexts {
  /** Per slot: the index of its text in `texts` (≥ 0), NONE, ZERO, or DIRECT − k for `direct[k]`. */
  private slotText: Int32Array;
  private readonly texts: string[] = [];
  /** The whole number of cents each of `texts` was written from (as long as `slotText`). */
  private cents: Float64Array;
  /** Amounts given as text (already in form, or rounded) and numbers that are not whole cents. */
  private readonly direct: (string | null)[] = [];
  private buffer = Buffer.alloc(0);
  private length = 0;
  /** Texts written to the buffer and not yet parsed; the items given so far. */
  private written = 0;
  private items = 0;

  /** The texts of `items`; more may be appended (`append`), as the items of an answer arrive. */
  constructor(items: readonly EstimateItem[] = []) {
    this.slotText = new Int32Array(items.length * FIELD_COUNT);
    this.cents = new Float64Array(items.length * FIELD_COUNT);
    this.append(items);
  }

  /** The texts of the next items (item indexes go on from the last ones given). */
  append(items: readonly EstimateItem[]): void {
    const slots = (this.items + items.length) * FIELD_COUNT;
    if (slots > this.slotText.length) {
      const size = Math.max(slots, this.slotText.length * 2);
      this.slotText = grown(this.slotText, new Int32Array(size));
      this.cents = grown(this.cents, new Float64Array(size));
    }
    this.buffer = Buffer.allocUnsafe(Math.max(64, items.length * FIELD_COUNT * 16));
    this.length = 0;
    this.written = 0;
    this.buffer[this.length++] = 91; // [
    for (let i = 0; i < items.length; i++) this.putItem(items[i]!, (this.items + i) * FIELD_COUNT);
    if (this.written > 0) this.length--; // the last comma
    this.buffer[this.length++] = 93; // ]
    const parsed = JSON.parse(this.buffer.toString('latin1', 0, this.length)) as string[];
    for (let k = 0; k < parsed.length; k++) this.texts.push(parsed[k]!);
    this.buffer = Buffer.alloc(0);
    this.items += items.length;
  }

  /** The text of item `index`'s amount in slot `field` (see AMOUNT). */
  get(index: number, field: number): string | null {
    const text = this.slotText[index * FIELD_COUNT + field]!;
    if (text >= 0) return this.texts[text]!;
    if (text === ZERO) return ZERO_TEXT;
    if (text === NONE) return null;
    return this.direct[DIRECT - text]!;
  }

  /** Adds item `index`'s amount in slot `field` to `sum`: what adding its text would add. */
  addTo(sum: PicoSum, index: number, field: number): void {
    const text = this.slotText[index * FIELD_COUNT + field]!;
    if (text >= 0) sum.addCents(this.cents[text]!);
    else if (text <= DIRECT) sum.add(this.direct[DIRECT - text]);
  }

  // AMOUNT_FIELDS in order, by name rather than item[name] over the list: one shape, so every read
  // stays a fast property load.
  private putItem(item: EstimateItem, slot: number): void {
    this.put(item.quantity, slot);
    this.put(item.tax, slot + 1);
    this.put(item.labor_unit_price, slot + 2);
    this.put(item.equipment_unit_price, slot + 3);
    this.put(item.material_unit_price, slot + 4);
    this.put(item.other_unit_price, slot + 5);
    this.put(item.labor_cost, slot + 6);
    this.put(item.equipment_cost, slot + 7);
    this.put(item.material_cost, slot + 8);
    this.put(item.other_cost, slot + 9);
    this.put(item.total_cost, slot + 10);
    this.put(item.markup, slot + 11);
    this.put(item.discount, slot + 12);
    this.put(item.total, slot + 13);
  }

  private put(value: Amount, slot: number): void {
    if (typeof value !== 'number') {
      // Text (the service may send money as strings): kept when already in form, else rounded.
      this.slotText[slot] = value === null || value === undefined ? NONE : this.putDirect(moneyText(value));
      return;
    }
    if (value === 0) {
      this.slotText[slot] = ZERO;
      return;
    }
    const cents = centsOf(value);
    if (cents === null) {
      this.slotText[slot] = this.putDirect(moneyText(value));
      return;
    }
    // At most one text per slot: `cents` has a place for each.
    const text = this.texts.length + this.written++;
    this.cents[text] = cents;
    this.slotText[slot] = text;
    this.writeCents(cents);
  }

  private putDirect(text: string | null): number {
    this.direct.push(text);
    return DIRECT - (this.direct.length - 1);
  }

  /** `"-123.450000000000",` for -12345 cents, appended to the buffer. */
  private writeCents(cents: number): void {
    if (this.length + MAX_TEXT_BYTES > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    const buf = this.buffer;
    let pos = this.length;
    buf[pos++] = 34; // "
    if (cents < 0) {
      buf[pos++] = 45; // -
      cents = -cents;
    }
    const whole = Math.floor(cents / 100);
    const fraction = cents - whole * 100;
    let digits = 1;
    for (let w = whole; w >= 10; w = Math.floor(w / 10)) digits++;
    let w = whole;
    for (let k = pos + digits - 1; k >= pos; k--) {
      buf[k] = 48 + (w % 10);
      w = Math.floor(w / 10);
    }
    pos += digits;
    buf[pos++] = 46; // .
    buf[pos++] = 48 + Math.floor(fraction / 10);
    buf[pos++] = 48 + (fraction % 10);
    for (let k = 0; k < 10; k++) buf[pos++] = 48;
    buf[pos++] = 34; // "
    buf[pos++] = 44; // ,
    this.length = pos;
  }
}

/** `to`, a larger array, with `from`'s values first. */
function grown<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
