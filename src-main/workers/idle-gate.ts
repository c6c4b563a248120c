/**
 * Background work that waits while the user waits on something heavy: an export holds the gate from
 * its first read to its written file, and keeping estimate versions (which reads a whole estimate in
 * its own thread) starts once no export holds it. So the two never compete for the cores and the
 * memory of a large export.
 */
export class IdleGate {
  private holders = 0;
  private waiting: (() => void)[] = [];

  /** Holds the gate until the returned function is called (once; later calls do nothing). */
  hold(): () => void {
    this.holders++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holders === 0) for (const go of this.waiting.splice(0)) go();
    };
  }

  /** Resolves at once when nothing holds the gate, else when the last holder lets go. */
  idle(): Promise<void> {
    if (this.holders === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
