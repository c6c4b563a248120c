/**
 * Reading an answer's body within a byte cap, as it arrives: a body over the cap is cancelled at the
 * first chunk past it (never buffered whole), and every chunk tells a stall watchdog that bytes are
 * still coming. The caps themselves are in limits.ts.
 */

/** The body is (or says it will be) larger than `limit` bytes. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

export interface BodyLimit {
  maxBytes: number;
  /** Called for every chunk (a watchdog's kick). */
  onChunk?: () => void;
}

/** Throws TooLargeError when the declared Content-Length is already over the cap. */
export function checkDeclaredLength(headers: { get(name: string): string | null }, maxBytes: number): void {
  const declared = Number(headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLargeError(maxBytes);
}

/**
 * How long one run of chunk handling may last before the thread's other work (timers, the window's
 * calls) gets a turn. Chunks already received come one after the other as promise callbacks, which
 * never make room for anything else: a large body that arrived while the thread was busy was read in
 * one go, for as long as it took.
 */
const SLICE_MS = 8;

/**
 * Hands every chunk of `body` to `take`, counting bytes as they come (one addition per chunk, never
 * work per byte): TooLargeError at the first chunk past the cap.
 */
export async function eachChunk(
  body: AsyncIterable<Uint8Array>,
  limit: BodyLimit,
  take: (chunk: Uint8Array) => void,
): Promise<void> {
  let received = 0;
  let sliceStart = performance.now();
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limit.maxBytes) throw new TooLargeError(limit.maxBytes);
    limit.onChunk?.();
    take(chunk);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** The body as text (UTF-8, a leading BOM dropped, as Response.text() does), at most `maxBytes`. */
export async function readCappedText(
  body: AsyncIterable<Uint8Array> | null,
  limit: BodyLimit,
): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  await eachChunk(body, limit, (chunk) => parts.push(decoder.decode(chunk, { stream: true })));
  parts.push(decoder.decode());
  return parts.join('');
}

/** The body's bytes, at most `maxBytes`. */
export async function readCappedBytes(
  body: AsyncIterable<Uint8Array> | null,
  limit: BodyLimit,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  await eachChunk(body, limit, (chunk) => chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The start of a body, for an error message; the rest is not read (the stream is cancelled). */
export async function readTextPrefix(
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let received = 0;
  for await (const chunk of body) {
    text += decoder.decode(chunk.subarray(0, Math.max(0, maxBytes - received)), { stream: true });
    received += chunk.byteLength;
    if (received >= maxBytes) break;
  }
  return text + decoder.decode();
}

/**
 * Aborts its signal when `kick` has not been called for `ms`: a transfer that stopped sending. Stop
 * it when the transfer is over.
 */
export class StallWatchdog {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  fired = false;

  constructor(readonly ms: number) {
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, ms);
    this.timer.unref?.();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly kick = (): void => {
    this.timer.refresh();
  };

  stop(): void {
    clearTimeout(this.timer);
  }
}
