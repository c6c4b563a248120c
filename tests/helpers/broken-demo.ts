import { readFileSync } from 'node:fs';
import type { SimDataset } from '../../simulator/data/types';

/**
 * The demo data with one estimate ("Broken on purpose") whose figures do not add up: a group's total
 * and the estimate's total differ from what the items add up to.
 */
export function brokenDemo(): SimDataset {
  const data = JSON.parse(readFileSync('resources/demo/dataset.json', 'utf8')) as SimDataset;
  const project = data.workspaces[0]!.projects.find(
    (p) => p.estimates.length >= 1 && p.estimates[0]!.items.length > 20,
  )!;
  const e = project.estimates[0]!;
  const group = e.items.find((i) => i.type === 'group' && i.parent_id === null)!;
  group.total = '1.000000000000';
  e.estimate_totals.total = '0.010000000000';
  e.name = 'Broken on purpose';
  return data;
}
