/**
 * The PDF of the 20,000-item estimate ("Benchmark Tower", large data set) through the CLI, a whole
 * process: its time and peak resident set, beside bare pdfmake laying out the same content (the texts
 * of the items table PlanDesk prints, as plain strings) in a process of its own, in the same run.
 * The CLI is told to write the PDF although it has more than 200 pages (--large-pdf).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import { checkoutRoot } from './checkout';
import { childSimulator, cliEnvFor } from './child-simulator';
import {
  bareTablePdf,
  estimateTableTexts,
  scratchDir,
  seconds,
  wholeProcess,
  type TableTexts,
} from './floors';
import { tableRow, yesNo } from './table';

const ROOT = checkoutRoot();
const ITEMS = 20_000;
const TARGET_RATIO = 1.3;
const PEAK_TARGET_MB = 600;

/** `--bare-pdf TEXTS.json FILE` (run.ts): bare pdfmake's floor, in a process of its own. */
export const BARE_PDF_FLAG = '--bare-pdf';

/** The floor's process: bare pdfmake laying out the texts in `textsFile`, written to `out`. */
export async function barePdfOfTexts(textsFile: string, out: string): Promise<void> {
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as TableTexts;
  await bareTablePdf(texts, out);
}

export async function benchLargePdf(): Promise<Record<string, string | number>> {
  const backend = await childSimulator('large');
  const scratch = scratchDir('large-pdf');
  try {
    const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
    const project = (await client.listProjects({ externalReferenceId: 'BENCH-20000', pageSize: 5 })).items[0];
    if (!project) throw new Error('The large data set has no "Benchmark Tower".');
    const big = (await client.listAllEstimates(project.id)).find((e) => e.name === 'Benchmark estimate 20k');
    if (!big) throw new Error('"Benchmark Tower" has no "Benchmark estimate 20k".');
    const env = cliEnvFor(backend, scratch.dir);
    const out = join(scratch.dir, 'big.pdf');
    const cli = wholeProcess(
      [
        join(ROOT, 'bin', 'plandesk.cjs'),
        'export',
        project.id,
        big.id,
        '--format',
        'pdf',
        '--out',
        out,
        '--lang',
        'de-DE',
        '--large-pdf',
      ],
      { env },
    );
    if (cli.status !== 0)
      throw new Error(`The CLI export failed (${cli.status}): ${cli.stderr.slice(0, 300)}`);
    const textsFile = join(scratch.dir, 'texts.json');
    writeFileSync(textsFile, JSON.stringify(await estimateTableTexts(client, project.id, big.id)));
    const bare = wholeProcess([process.argv[1]!, BARE_PDF_FLAG, textsFile, join(scratch.dir, 'bare.pdf')]);
    if (bare.status !== 0)
      throw new Error(`bare pdfmake failed (${bare.status}): ${bare.stderr.slice(0, 300)}`);
    const timeRatio = cli.wallMs / bare.wallMs;
    const cpuRatio = cli.cpuMs / bare.cpuMs;
    const memoryRatio = cli.maxRssMb / bare.maxRssMb;
    tableRow({
      what: `PDF of the ${ITEMS.toLocaleString('en')}-item estimate, CLI`,
      now: `${seconds(cli.wallMs)} (CPU ${seconds(cli.cpuMs)}), ${cli.maxRssMb.toFixed(0)} MB peak`,
      floor: `bare pdfmake, the same rows' texts: ${seconds(bare.wallMs)} (CPU ${seconds(bare.cpuMs)}), ${bare.maxRssMb.toFixed(0)} MB`,
      ratio: `${timeRatio.toFixed(2)}× time (CPU ${cpuRatio.toFixed(2)}×), ${memoryRatio.toFixed(2)}× memory`,
      target: `≤ ${TARGET_RATIO}× time and memory`,
      within: yesNo(timeRatio <= TARGET_RATIO && memoryRatio <= TARGET_RATIO),
    });
    tableRow({
      what: `PDF of the ${ITEMS.toLocaleString('en')}-item estimate, CLI: peak memory, whole process`,
      now: `${cli.maxRssMb.toFixed(0)} MB`,
      floor: `bare pdfmake: ${bare.maxRssMb.toFixed(0)} MB`,
      ratio: `${memoryRatio.toFixed(2)}×`,
      target: `≤ ${PEAK_TARGET_MB} MB`,
      within: yesNo(cli.maxRssMb <= PEAK_TARGET_MB),
    });
    return {
      'CLI export, whole process': `${seconds(cli.wallMs)} (CPU ${seconds(cli.cpuMs)}), peak RSS ${cli.maxRssMb.toFixed(0)} MB`,
      'PDF size (MB)': (statSync(out).size / 1e6).toFixed(1),
      'bare pdfmake, the same texts': `${seconds(bare.wallMs)} (CPU ${seconds(bare.cpuMs)}), peak RSS ${bare.maxRssMb.toFixed(0)} MB`,
      'ratio (time, memory)': `${timeRatio.toFixed(2)}×, ${memoryRatio.toFixed(2)}×`,
      target: `≤ ${TARGET_RATIO}× both`,
    };
  } finally {
    scratch.done();
    await backend.close();
  }
}
