import { ApiClient } from '../../src-main/api/client';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { startSimulator } from '../../simulator';
import type { EstimateDocument } from '../../src-shared/estimates/types';

export interface DemoEstimateContext {
  customer: string;
  key: string;
}

/**
 * Runs `use` with the first estimate of the demo simulator that `pick` accepts (null when none
 * does), as the app reads it: over HTTP through the API client, turned into an EstimateDocument.
 * The simulator runs for the duration of `use` (its image URLs stay reachable).
 */
export async function withDemoEstimate(
  pick: (doc: EstimateDocument) => boolean,
  use: (doc: EstimateDocument | null, ctx: DemoEstimateContext) => Promise<void>,
): Promise<void> {
  const sim = await startSimulator({ dataset: 'demo' });
  try {
    const w = sim.workspaces[0]!;
    const client = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
    let found: EstimateDocument | null = null;
    search: for (const p of await client.listAllProjects({})) {
      for (const e of await client.listAllEstimates(p.id)) {
        const doc = toEstimateDocument(await client.getEstimate(p.id, e.id));
        if (pick(doc)) {
          found = doc;
          break search;
        }
      }
    }
    await use(found, { customer: w.customer, key: w.key });
  } finally {
    await sim.close();
  }
}
