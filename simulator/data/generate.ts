/**
 * Deterministic data-set generator for the built-in service simulator.
 *
 * - `generateDemoDataset()` is what `resources/demo/dataset.json` holds (regenerate it with
 *   `npm run demo-data`; a unit test keeps the committed file in step).
 * - `generateLargeDataset()` is the benchmark set (5,000 projects, one 20,000-item estimate).
 *
 * Everything comes from a seeded PRNG and a fixed base date: no clock, no Math.random(). All money
 * arithmetic goes through `Decimal`; measurements are computed in integer hundredths so the
 * statistics add up exactly. The fixed lists the data is drawn from are in `catalogues/`, the
 * builders of each part in `build/`.
 */
export { DEMO_SEED, generateDemoDataset } from './demo-dataset';
export { LARGE_SEED, generateLargeDataset } from './large-dataset';
export { computeEstimateTotals } from './estimate-totals';
