import { ApiClient } from '../src-main/api/client';
import type { Backend } from './child-simulator';

/** A typical quote: "Angebot Bad & WC" of the demo project "Jørgensen loft", 74 lines on 2 pages. */
export const TYPICAL_QUOTE = { project: 'Jørgensen loft', estimate: 'Angebot Bad & WC', lines: 74 };

/** Where the typical quote is in the demo data set the simulator serves. */
export async function findTypicalQuote(backend: Backend): Promise<{ projectId: string; estimateId: string }> {
  const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
  const project = (await client.listProjects({ name: TYPICAL_QUOTE.project, pageSize: 5 })).items[0];
  if (!project) throw new Error(`The demo data set has no project "${TYPICAL_QUOTE.project}".`);
  const estimate = (await client.listAllEstimates(project.id)).find((e) => e.name === TYPICAL_QUOTE.estimate);
  if (!estimate) throw new Error(`"${TYPICAL_QUOTE.project}" has no estimate "${TYPICAL_QUOTE.estimate}".`);
  return { projectId: project.id, estimateId: estimate.id };
}
