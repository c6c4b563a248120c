import { randomUUID } from 'node:crypto';
import { parseKeepingDigits } from './exact-numbers';

/**
 * Parses the elements of one large array in a JSON text (an estimate's items) while the text
 * arrives, so that little is left to parse after the last byte: the parse of a 15 MB estimate moves
 * from after the download into it.
 *
 * The text comes in pieces (JsonTextReader's, already decoded). Once `"<key>":[` has been seen at
 * the depth asked for (the few kilobytes before it are read token by token), the text after it is cut at the last `},{` of each batch and the part before the cut is parsed on its
 * own as `[` + part + `]`. A cut inside a string or inside a nested value makes that parse fail (an
 * unclosed string or bracket), never succeed wrongly, because every part starts where the previous
 * one ended at an element boundary. A failed cut is retried at a later one; after a few failures
 * (a text written to defeat the cuts) the array is left to the whole parse.
 *
 * At the end, the rest of the text is parsed with a random marker string standing in for the
 * elements parsed before (`"<key>":["<marker>",<rest>`). The answer is used only if the marker is the
 * first element of the array the caller's `locate` finds: then the cut was at that array (not at a
 * same-named one elsewhere) and `JSON.parse` of the whole text gives exactly the same value with the
 * batches' elements in the marker's place. Anything else (no such key, a pretty-printed text with no
 * `},{`, a marker elsewhere, a syntax error) answers null and the caller parses the whole text,
 * which it keeps until then, so errors and results are those of the whole parse.
 *
 * Numbers: batches cut before the first literal a double cannot hold are parsed by JSON.parse as
 * they are (the reader scans each piece before handing it on); from that literal on, each batch and
 * the rest are parsed keeping such literals as their exact text (exact-numbers.ts). So no digit is
 * lost, though a number the whole parse would have kept as text may come as a number here (the
 * schemas take either).
 */
export class StreamedArray {
  private state: 'seeking' | 'elements' | 'off' = 'seeking';
  /** Seeking: the text so far. Elements: the text up to and including the array's `[`. */
  private head = '';
  /** Elements: the text after the last cut, in pieces. */
  private rest: string[] = [];
  private restLength = 0;
  private batches: unknown[][] = [];
  private failures = 0;
  /** Once a literal a double cannot hold has come, every parse from then on looks for such literals. */
  private digitsAtRisk = false;
  /** Seeking: how far the head has been read, and how many objects and arrays are open there. */
  private scanned = 0;
  private depth = 0;
  private readonly depth0: number;
  private readonly quotedKey: string;

  /**
   * `key`: the array's key, in an object `depth` objects and arrays deep (an estimate answer's
   * items: `{"data":[{…,"items":[`, 3).
   */
  constructor(
    private readonly key: string,
    private readonly options: { depth: number; batchChars?: number; maxHeadChars?: number },
  ) {
    this.depth0 = options.depth;
    this.quotedKey = JSON.stringify(key);
  }

  take(piece: string): void {
    if (this.state === 'off') return;
    if (this.state === 'seeking') {
      this.head += piece;
      const end = this.seek();
      if (end >= 0) {
        const after = this.head.slice(end);
        this.head = this.head.slice(0, end);
        this.state = 'elements';
        if (after !== '') this.addRest(after);
      } else if (this.head.length > (this.options.maxHeadChars ?? MAX_HEAD_CHARS)) {
        this.stop();
      }
      return;
    }
    this.addRest(piece);
  }

  /**
   * Reads the head on from where the last piece left it, tracking how deep in objects and arrays
   * it is, to the `[` of the key's array at the depth asked for (a same-named key in a nested
   * object, such as a customer's, is passed over): the index after that `[`, or −1 for not yet.
   */
  private seek(): number {
    const head = this.head;
    while (this.scanned < head.length) {
      STRUCTURE.lastIndex = this.scanned;
      const found = STRUCTURE.exec(head);
      if (!found) {
        this.scanned = head.length;
        return -1;
      }
      const c = found[0];
      if (c !== '"') {
        this.depth += c === '{' || c === '[' ? 1 : -1;
        this.scanned = found.index + 1;
        continue;
      }
      STRING_REST.lastIndex = found.index + 1;
      const string = STRING_REST.exec(head);
      if (!string) {
        this.scanned = found.index; // the string goes on in the next piece
        return -1;
      }
      this.scanned = STRING_REST.lastIndex;
      if (this.depth !== this.depth0 || head.slice(found.index, this.scanned) !== this.quotedKey) continue;
      OPENS_ARRAY.lastIndex = this.scanned;
      const opens = OPENS_ARRAY.exec(head);
      if (opens) return OPENS_ARRAY.lastIndex;
      // The key's `:[` may come in the next piece (its blanks are few; a long run is left alone).
      if (head.length - this.scanned < SPLIT_KEY_CHARS && /^\s*:?\s*$/.test(head.slice(this.scanned))) {
        this.scanned = found.index;
        return -1;
      }
    }
    return -1;
  }

  /**
   * The whole text's value, with the elements parsed while it arrived, or null: the caller parses
   * the whole text. `locate` finds, in the parsed value, the object whose `key` is the array.
   */
  finish(locate: (json: unknown) => unknown): unknown {
    const key = this.key;
    if (this.state !== 'elements' || this.batches.length === 0) return null;
    const marker = `plandesk-elements-${randomUUID()}`;
    const rest = this.rest.join('');
    let json: unknown;
    try {
      json = this.parseText(`${this.head}${JSON.stringify(marker)},${rest}`);
    } catch {
      return null;
    }
    let holder: unknown;
    try {
      holder = locate(json);
    } catch {
      return null;
    }
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, key)) return null;
    const tail = (holder as Record<string, unknown>)[key];
    if (!Array.isArray(tail) || tail[0] !== marker) return null;
    const all: unknown[] = [];
    for (const batch of this.batches) for (let i = 0; i < batch.length; i++) all.push(batch[i]);
    for (let i = 1; i < tail.length; i++) all.push(tail[i]);
    (holder as Record<string, unknown>)[key] = all;
    this.batches = [];
    return json;
  }

  /** From now on, number literals a double cannot hold are kept as their exact text. */
  keepEveryDigit(): void {
    this.digitsAtRisk = true;
  }

  /** A batch or the rest: JSON.parse, keeping the digits of a literal a double cannot hold. */
  private parseText(text: string): unknown {
    return this.digitsAtRisk ? parseKeepingDigits(text) : JSON.parse(text);
  }

  private addRest(piece: string): void {
    this.rest.push(piece);
    this.restLength += piece.length;
    if (this.restLength >= (this.options.batchChars ?? BATCH_CHARS)) this.cut();
  }

  /** Parses the rest up to its last element boundary, if it is one. */
  private cut(): void {
    const rest = this.rest.length === 1 ? this.rest[0]! : this.rest.join('');
    this.rest = [rest];
    const at = rest.lastIndexOf('},{');
    if (at < 0) return;
    let batch: unknown;
    try {
      batch = this.parseText(`[${rest.slice(0, at + 1)}]`);
    } catch {
      if (++this.failures >= MAX_FAILURES) this.stop();
      // Retried at a later boundary only once the rest has grown by another batch.
      this.restLength = 0;
      return;
    }
    this.batches.push(batch as unknown[]);
    const left = rest.slice(at + 2);
    this.rest = [left];
    this.restLength = left.length;
  }

  private stop(): void {
    this.state = 'off';
    this.head = '';
    this.rest = [];
    this.batches = [];
  }
}

/** Characters parsed per batch: large enough that a batch's fixed cost does not count. */
const BATCH_CHARS = 256 * 1024;
/** How far into the text the array may start (an estimate's header is a few kilobytes). */
const MAX_HEAD_CHARS = 1024 * 1024;
/** Blanks between a key and its `[` are few; a longer run is found by the whole parse. */
const SPLIT_KEY_CHARS = 256;
/** Failed cuts before the array is left to the whole parse. */
const MAX_FAILURES = 3;

/** The next character that opens or closes a string, an object or an array. */
const STRUCTURE = /["{}[\]]/g;
/** The rest of a string after its opening quote, to its closing one. */
const STRING_REST = /(?:[^"\\]|\\.)*"/y;
/** A key's `:` and its value's `[`. */
const OPENS_ARRAY = /\s*:\s*\[/y;
