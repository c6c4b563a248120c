import { randomUUID } from 'node:crypto';
import { parseKeepingDigits } from './exact-numbers';

/**
 * Parses the elements of one large array in a JSON text (an estimate's items) while the text
 * arrives, so that little is left to parse after the last byte: the parse of a 15 MB estimate moves
 * from after the download into it.
 *
 * The text comes in pieces (JsonTextReader's, already decoded). Once `"<key>":[` has been seen at
 * the depth asked for (the few kilobytes before it are read character by character), the text after
 * it is cut at the last `},{` of each batch and the part before the cut is parsed on its own as `[`
 * + part + `]`. A cut inside a string or inside a nested value makes that parse fail (an unclosed
 * string or bracket), never succeed wrongly, because every part starts where the previous one ended
 * at an element boundary. A failed cut, or a batch with no `},{` at all (`}, {`, pretty printing, a
 * huge element), is retried a batch later; after a few, the array is left to the whole parse, so
 * the work stays linear in the text.
 *
 * At the end, the rest of the text is parsed with a random marker string standing in for the
 * elements parsed before (`"<key>":["<marker>",<rest>`). The answer is used only if the marker is the
 * first element of the array the caller's `locate` finds: then the cut was at that array (not at a
 * same-named one elsewhere), and the whole text parses to the same value with the batches' elements
 * in the marker's place (for numbers, see below). Anything else (no such key, no cut that worked, a
 * marker elsewhere, a syntax error) answers null and the caller parses the whole text, which it
 * keeps until then, so errors and results are those of the whole parse.
 *
 * Numbers: batches cut before the first literal with more than 15 significant digits are parsed by
 * JSON.parse as they are (the reader scans each piece before handing it on); from that literal on,
 * each batch and the rest are parsed keeping such literals as their exact text (exact-numbers.ts).
 * So no digit is lost, though a number the whole parse would have given as text may come as a
 * number here (the schemas take either). The one other difference is outside a double's range:
 * before that first literal, `1e400` comes as Infinity (refused) and a subnormal as a double
 * (zero at twelve fractional digits), as the whole parse gives them when no literal is long.
 */
export class StreamedArray {
  private state: 'seeking' | 'elements' | 'off' = 'seeking';
  /** Elements: the text up to and including the array's `[`. */
  private head = '';
  /** Elements: the text after the last cut, in pieces. */
  private rest: string[] = [];
  private restLength = 0;
  private batches: unknown[][] = [];
  private failures = 0;
  /** Once a literal a double cannot hold has come, every parse from then on looks for such literals. */
  private digitsAtRisk = false;
  /** Seeking: the text so far, in pieces, and where the scan of it stands (see seek). */
  private headParts: string[] = [];
  private headLength = 0;
  private readonly scan = {
    depth: 0,
    inString: false,
    escaped: false,
    /** In a string that may be the key: how many of its characters matched so far (−1: it is not). */
    keyAt: -1,
    /** What the last token was: the key's string, then its colon. */
    after: 'none' as 'none' | 'key' | 'colon',
  };

  /**
   * `key`: the array's key, in an object `depth` objects and arrays deep (an estimate answer's
   * items: `{"data":[{…,"items":[`, 3).
   */
  constructor(
    private readonly key: string,
    private readonly options: {
      depth: number;
      batchChars?: number;
      maxHeadChars?: number;
      /**
       * Each batch of elements as it is parsed, for work that can start before the rest arrives. Its
       * elements are those `finish` gives first, the same objects, only if `finish` uses the batches.
       */
      onBatch?: (elements: unknown[]) => void;
    },
  ) {}

  take(piece: string): void {
    if (this.state === 'off') return;
    if (this.state === 'seeking') {
      const end = this.seek(piece);
      if (end >= 0) {
        this.headParts.push(piece.slice(0, end));
        this.head = this.headParts.join('');
        this.headParts = [];
        this.state = 'elements';
        if (end < piece.length) this.addRest(piece.slice(end));
        return;
      }
      this.headParts.push(piece);
      this.headLength += piece.length;
      if (this.headLength > (this.options.maxHeadChars ?? MAX_HEAD_CHARS)) this.stop();
      return;
    }
    this.addRest(piece);
  }

  /**
   * Reads one more piece of the head, character by character from where the last one left off (in
   * a string or not, after a backslash or not, how deep in objects and arrays), to the `[` of the
   * key's array at the depth asked for: a same-named key in a nested object (a customer's) is
   * passed over. The index in `piece` after that `[`, or −1 for not yet. Linear in the head,
   * however it is cut into pieces; the head is a few kilobytes.
   */
  private seek(piece: string): number {
    const s = this.scan;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (s.inString) {
        if (s.escaped) {
          s.escaped = false;
          s.keyAt = -1; // a key written with an escape is left to the whole parse
        } else if (c === 92 /* \ */) {
          s.escaped = true;
        } else if (c === 34 /* " */) {
          s.inString = false;
          s.after = s.keyAt === this.key.length ? 'key' : 'none';
        } else if (s.keyAt >= 0) {
          s.keyAt = s.keyAt < this.key.length && this.key.charCodeAt(s.keyAt) === c ? s.keyAt + 1 : -1;
        }
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (s.after === 'key' && c === 58 /* : */) {
        s.after = 'colon';
        continue;
      }
      if (s.after === 'colon' && c === 91 /* [ */) return i + 1;
      s.after = 'none';
      if (c === 34) {
        s.inString = true;
        // Only a key in the object the array is asked for in can be it.
        s.keyAt = s.depth === this.options.depth ? 0 : -1;
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        s.depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        s.depth--;
      }
    }
    return -1;
  }

  /**
   * The whole text's value, with the elements parsed while it arrived, or null: the caller parses
   * the whole text. `locate` finds, in the parsed value, the object whose `key` is the array.
   */
  finish(locate: (json: unknown) => unknown): unknown {
    try {
      return this.splice(locate);
    } finally {
      this.stop(); // what it held is garbage either way, before the caller parses the whole text
    }
  }

  private splice(locate: (json: unknown) => unknown): unknown {
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
    if (at < 0) {
      // No boundary in a batch's worth of text: a layout this reader does not cut (`}, {`, pretty
      // printing) or one huge element. Counted like a failed cut, so the rest is not searched again
      // and again as it grows.
      this.failed();
      return;
    }
    let batch: unknown;
    try {
      batch = this.parseText(`[${rest.slice(0, at + 1)}]`);
    } catch {
      this.failed();
      return;
    }
    this.batches.push(batch as unknown[]);
    const left = rest.slice(at + 2);
    this.rest = [left];
    this.restLength = left.length;
    this.options.onBatch?.(batch as unknown[]);
  }

  /** A cut that did not work: tried again once the rest has grown by another batch, a few times. */
  private failed(): void {
    if (++this.failures >= MAX_FAILURES) this.stop();
    else this.restLength = 0;
  }

  private stop(): void {
    this.state = 'off';
    this.head = '';
    this.headParts = [];
    this.rest = [];
    this.batches = [];
  }
}

/** Characters parsed per batch: large enough that a batch's fixed cost does not count. */
const BATCH_CHARS = 256 * 1024;
/** How far into the text the array may start (an estimate's header is a few kilobytes). */
const MAX_HEAD_CHARS = 1024 * 1024;
/** Failed cuts before the array is left to the whole parse. */
const MAX_FAILURES = 3;
