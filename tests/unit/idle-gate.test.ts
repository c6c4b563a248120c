import { describe, expect, it } from 'vitest';
import { IdleGate } from '../../src-main/workers/idle-gate';

describe('the gate background work waits at', () => {
  it('opens at once when nothing holds it, and when the last of several holders lets go', async () => {
    const gate = new IdleGate();
    await expect(gate.idle()).resolves.toBeUndefined();

    const first = gate.hold();
    const second = gate.hold();
    let open = false;
    const waited = gate.idle().then(() => (open = true));
    first();
    first(); // a second release of the same hold changes nothing
    // Every promise callback that could run runs before the next turn of the event loop: had the
    // first holder's release opened the gate, `open` would be true by then.
    await new Promise((r) => setImmediate(r));
    expect(open).toBe(false);
    second();
    await waited;
    expect(open).toBe(true);
  });
});
