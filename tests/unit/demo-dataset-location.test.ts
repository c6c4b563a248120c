import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoDatasetCandidates, loadDataset } from '../../simulator/dataset-loader';
import type { SimDataset } from '../../simulator/data/types';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('where the demo data set comes from', () => {
  it('the packaged app’s resources folder first, before PLANDESK_RESOURCES and the checkout', async () => {
    const resources = mkdtempSync(path.join(os.tmpdir(), 'plandesk-res-'));
    dirs.push(resources);
    mkdirSync(path.join(resources, 'demo'));
    const dataset = JSON.parse(readFileSync('resources/demo/dataset.json', 'utf8')) as SimDataset;
    dataset.workspaces[0]!.name = 'Shipped beside app.asar';
    writeFileSync(path.join(resources, 'demo', 'dataset.json'), JSON.stringify(dataset));

    expect(demoDatasetCandidates(resources)[0]).toBe(path.join(resources, 'demo', 'dataset.json'));
    expect((await loadDataset('demo', resources)).workspaces[0]!.name).toBe('Shipped beside app.asar');
    // Without it, the checkout's copy (found upwards from the working folder).
    expect((await loadDataset('demo')).workspaces[0]!.name).not.toBe('Shipped beside app.asar');
  });
});
