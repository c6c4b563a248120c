/**
 * Main's side of the export thread's warm-up (the export-warm task, warm-up.ts): the thread is
 * started ahead of an export — when an estimate opens in the app, when the CLI is about to write a
 * PDF — so the export finds its writers loaded and its fonts parsed. The estimates feature does not
 * know exports: the wiring hands `estimateOpened` to it (app/services.ts).
 */
import type { Logger } from '../log/logger';
import type { Workers } from '../workers/pool';
import type { OpenedEstimate } from '../estimates/estimates-service';
import type { WarmInput } from './warm-up';

/** How long after an estimate opens the export thread is started. */
const WARM_AFTER_OPEN_MS = 1_000;
/** Estimates kept in fewer bytes than this (a few thousand items) have their quote laid out ahead. */
const WARM_WITH_ESTIMATE_BYTES = 512 * 1024;

export class ExportThread {
  private warming: Promise<void> | null = null;
  /** Warm-ups waiting for their estimate to be on screen. */
  private readonly pending = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly workers: Workers,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts the export thread, if it is not running, and has it load the writers and parse the fonts,
   * and with `layOut` lay out a small document once (and the quote of `estimate`, its bytes as the
   * cache keeps them, moved there), so the next export starts warm. Never fails: a warm-up that goes
   * wrong is logged.
   */
  warm(input: WarmInput = {}): Promise<void> {
    if (this.closed) return Promise.resolve();
    // One warm-up at a time; the task itself returns at once in a thread that is warm already.
    const transfer = input.estimate ? [input.estimate.buffer as ArrayBuffer] : [];
    this.warming ??= this.workers
      .run('export-warm', input, { transfer })
      .then(
        () => undefined,
        (err: unknown) =>
          this.logger.log('warn', `export warm-up: ${(err as Error)?.message ?? String(err)}`),
      )
      .finally(() => (this.warming = null));
    return this.warming;
  }

  /**
   * An estimate is on screen and may well be exported next: the export thread gets ready once the
   * screen has it (not sooner: the two would share the cores while the screen builds it), and lays
   * out this estimate's quote (its words are then set once) when it is not a large one.
   */
  readonly estimateOpened = (opened: OpenedEstimate): void => {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      const bytes = opened.cachedBytes();
      const estimate = bytes && bytes.length <= WARM_WITH_ESTIMATE_BYTES ? bytes.slice() : undefined;
      void this.warm({ layOut: true, ...(estimate ? { estimate } : {}) });
    }, WARM_AFTER_OPEN_MS).unref();
    this.pending.add(timer);
  };

  /** PlanDesk is closing: no warm-up starts any more (its estimate's cache is being closed). */
  close(): void {
    this.closed = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
