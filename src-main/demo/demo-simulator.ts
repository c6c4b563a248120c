/**
 * The one way from the app and the CLI to the built-in simulator (top-level `simulator/`). It is
 * imported on first use, so the app's main bundle carries it as a separate chunk that loads only
 * when the demo workspace is opened.
 */
import type { Simulator, SimulatorOptions } from '../../simulator';

export type { Simulator, SimulatorOptions };
export { DEMO_APP_WORKSPACE } from './demo-workspace';

/** Starts the built-in simulator; with no options, on the demo data set and a free port. */
export async function startDemoSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const { startSimulator } = await import('../../simulator');
  return startSimulator(options);
}
