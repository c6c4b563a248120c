import { ServiceError } from '../../errors/service-error';
import { startDemoSimulator } from '../../demo/demo-simulator';
import { positiveInt, type CliFlags } from '../args';

/** Starts the simulator, prints one JSON line describing it, and serves until SIGINT/SIGTERM. */
export async function simulatorCommand(flags: CliFlags, write: (line: string) => void): Promise<void> {
  const data = flags.data ?? 'demo';
  if (data !== 'demo' && data !== 'large') throw new ServiceError('config', '--data must be demo or large.');
  const port = flags.port === undefined || flags.port === '0' ? 0 : positiveInt(flags.port, 'port', 0);
  if (port > 65535) throw new ServiceError('config', '--port must be at most 65535.');
  const sim = await startDemoSimulator({ port, dataset: data });
  // Exactly the documented line; the admin API is at the same origin under /_sim.
  const workspaces = sim.workspaces.map(({ name, customer, key }) => ({ name, customer, key }));
  write(JSON.stringify({ baseUrl: sim.baseUrl, workspaces }));
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sim.close();
}
