import { MoneyFields, writeJson } from '../simulator/json-writer';
import { bigEstimate } from '../tests/integration/simulator-fixture';

const RUNS = 5;
const TARGET_MS = 1_000;

/**
 * The simulator writing a 20,000-item estimate as the service does (money as exact JSON numbers):
 * the best of five runs. The test (tests/integration/simulator-estimates.test.ts) checks what it
 * writes; how fast is measured here.
 */
export async function benchSimulatorJson(): Promise<Record<string, string | number>> {
  const est = bigEstimate('bench', 'pl', 20_000);
  const keys = new Set(['total', 'total_cost', 'quantity']);
  let best = Infinity;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = writeJson({ data: [{ ...est, items: new MoneyFields(est.items, keys) }] }).length;
    best = Math.min(best, performance.now() - t0);
  }
  return {
    items: est.items.length,
    'answer (MB)': (bytes / 1e6).toFixed(1),
    'best of five (ms)': best.toFixed(0),
    'target (ms)': `< ${TARGET_MS}`,
    'within target': best < TARGET_MS ? 'yes' : 'no',
  };
}
