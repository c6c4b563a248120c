/**
 * A small seeded pseudo-random number generator (mulberry32) for the simulator's data sets.
 *
 * Everything the generator produces comes from here, so the same seed always gives the same data
 * set. Never use Math.random() or the clock in data generation.
 */

/** FNV-1a over the text of the parts: a stable 32-bit seed for a named sub-stream. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(n: number): string {
  return (
    (HEX[(n >>> 24) & 0xff] as string) +
    (HEX[(n >>> 16) & 0xff] as string) +
    (HEX[(n >>> 8) & 0xff] as string) +
    (HEX[n & 0xff] as string)
  );
}

export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** The next raw 32-bit unsigned integer. */
  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max}): empty range`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty array');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element, chosen with the given relative weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return this.pick(items);
  }

  /** Shuffles the array in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** `count` distinct elements in random order (count is clamped to the array length). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, Math.min(count, items.length)));
  }

  /** A UUID-shaped identifier (8-4-4-4-12 lowercase hex, version 4 and RFC 4122 variant bits). */
  uuid(): string {
    const a = this.uint32();
    const b = ((this.uint32() & 0xffff0fff) | 0x00004000) >>> 0;
    const c = ((this.uint32() & 0x3fffffff) | 0x80000000) >>> 0;
    const d = this.uint32();
    const hb = hex32(b);
    const hc = hex32(c);
    return `${hex32(a)}-${hb.slice(0, 4)}-${hb.slice(4)}-${hc.slice(0, 4)}-${hc.slice(4)}${hex32(d)}`;
  }

  /** An independent generator for a named sub-stream; does not advance this one. */
  fork(label: string | number): Prng {
    return new Prng(hashSeed(this.seed, label));
  }
}
