import { ApiClient } from '../src-main/api/client';
import { startSimulator } from '../simulator';

/** Listing 5,000 projects with 20 ms simulated latency: requests made vs the minimum, and wall time. */
export async function benchListProjects(): Promise<Record<string, string | number>> {
  const sim = await startSimulator({ dataset: 'large' });
  try {
    const w = sim.workspaces[0]!;
    const client = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
    sim.faults.setFaults({ latencyMs: 20 });
    const before = sim.faults.stats().requests;
    const started = performance.now();
    const projects = await client.listAllProjects({}, { concurrency: 4 });
    const ms = performance.now() - started;
    const requests = sim.faults.stats().requests - before;
    const minimum = Math.ceil(projects.length / 50);
    return {
      projects: projects.length,
      requests,
      minimum,
      'requests / minimum': (requests / minimum).toFixed(3),
      'target requests / minimum': '≤ 1.020',
      'wall time (ms)': Math.round(ms),
    };
  } finally {
    await sim.close();
  }
}
