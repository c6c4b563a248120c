import { benchCacheOpen } from './cache';
import { benchEstimateTree } from './estimate-tree';
import { benchListProjects } from './list-projects';
import { benchUpload } from './upload';
import { benchExcelExport, benchPdfExport } from './exports';

// `npm run bench`: every performance target of the project, measured and printed. Not a test: the
// figures go into the issue notes; nothing here fails a build.
const benches: [string, () => Promise<Record<string, string | number>>][] = [
  ['List 5,000 projects (20 ms latency, page_size 50, concurrency 4)', benchListProjects],
  ['Estimate of 20,000 items: parse, schema, tree + totals', benchEstimateTree],
  ['Offline cache: open the 20,000-item estimate', benchCacheOpen],
  ['Upload (and download) a 200 MB file: throughput, peak RSS above idle', benchUpload],
  ['Excel export of 20,000 items (streaming, peak memory)', benchExcelExport],
  ['PDF export of 2,000 items', benchPdfExport],
];

async function main(): Promise<void> {
  const only = process.argv[2];
  for (const [name, bench] of benches) {
    if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
    console.log(`\n## ${name}`);
    const figures = await bench();
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(28)} ${v}`);
  }
}

void main();
