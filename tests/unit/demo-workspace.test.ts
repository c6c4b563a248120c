import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_APP_WORKSPACE, startDemoSimulator } from '../../src-main/demo/demo-simulator';
import type { SimDataset } from '../../simulator/data/types';

const DATASET_PATH = fileURLToPath(new URL('../../resources/demo/dataset.json', import.meta.url));

describe('the demo workspace listed before the simulator starts', () => {
  it('is the first workspace of the demo data set', () => {
    const first = (JSON.parse(readFileSync(DATASET_PATH, 'utf8')) as SimDataset).workspaces[0]!;
    expect(DEMO_APP_WORKSPACE).toEqual({ name: first.name, customer: first.customer });
  });

  it('is the first workspace the demo loader starts', async () => {
    const sim = await startDemoSimulator({ dataset: 'demo' });
    try {
      const first = sim.workspaces[0]!;
      expect({ name: first.name, customer: first.customer }).toEqual(DEMO_APP_WORKSPACE);
      const reply = await fetch(`${sim.baseUrl}/workspace`, {
        headers: { customer: first.customer, key: first.key },
      });
      expect(((await reply.json()) as { data: { name: string } }).data.name).toBe(DEMO_APP_WORKSPACE.name);
    } finally {
      await sim.close();
    }
  });
});
