import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MAX_LIST_PAGE_JSON_BYTES } from '../src-main/api/limits';
import { hostileClient, startHostileService, stream } from '../tests/helpers/hostile-service';

const MiB = 1024 * 1024;
const TARGET_MS = 5_000;
const TARGET_STALL_MS = 500;

/**
 * A hostile service's 100 MB "project list" (`{},` repeated, on 127.0.0.1): how long until the
 * client refuses it at the list cap, and the longest the event loop stood still meanwhile (main
 * must stay responsive while it reads an answer). The test (tests/integration/hostile-limits.test.ts)
 * checks the refusal and the bytes read; the times are measured here, where a busy machine shows
 * as a slow figure, not as a failed test.
 */
export async function benchHostileAnswers(): Promise<Record<string, string | number>> {
  const h = await startHostileService();
  try {
    h.route('GET', /^\/api\/v2\/projects\?/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      await stream(res, Buffer.from('{},'.repeat(20_000)), 100 * MiB);
    });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const refused = await hostileClient(h)
      .listProjects({ page: 1, pageSize: 50 })
      .then(
        () => 'NO (read whole)',
        (err: { kind?: string }) => (err.kind === 'invalid-response' ? 'yes' : `NO (${String(err.kind)})`),
      );
    const ms = performance.now() - started;
    loop.disable();
    const stallMs = loop.max / 1e6;
    const written = await h.responseOver('/api/v2/projects?');
    return {
      'refused at the cap': refused,
      'list cap (MB)': (MAX_LIST_PAGE_JSON_BYTES / MiB).toFixed(0),
      'sent before the client hung up (MB)': (written / MiB).toFixed(1),
      'until refused (ms)': ms.toFixed(0),
      'target (ms)': `< ${TARGET_MS}`,
      'longest event-loop stall (ms)': stallMs.toFixed(0),
      'target stall (ms)': `< ${TARGET_STALL_MS}`,
      'within targets': ms < TARGET_MS && stallMs < TARGET_STALL_MS ? 'yes' : 'no',
    };
  } finally {
    await h.close();
  }
}
