/**
 * The PDF of the 20,000-item estimate ("Benchmark Tower", large data set) through the CLI, a whole
 * process: its time and peak resident set, beside bare pdfmake laying out 20,000 rows × 6 columns in
 * a process of its own (time and peak resident set), in the same run.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import { checkoutRoot } from './checkout';
import { childSimulator } from './child-simulator';
import { scratchDir, seconds, wholeProcess } from './floors';
import { tableRow, yesNo } from './table';

const ROOT = checkoutRoot();
const ITEMS = 20_000;
const TARGET_RATIO = 1.3;

/** `--bare-pdf ROWS FILE` (run.ts): bare pdfmake's floor, in a process of its own. */
export const BARE_PDF_FLAG = '--bare-pdf';

export async function benchLargePdf(): Promise<Record<string, string | number>> {
  const backend = await childSimulator('large');
  const scratch = scratchDir('large-pdf');
  try {
    const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
    const project = (await client.listProjects({ externalReferenceId: 'BENCH-20000', pageSize: 5 })).items[0];
    if (!project) throw new Error('The large data set has no "Benchmark Tower".');
    const big = (await client.listAllEstimates(project.id)).find((e) => e.name === 'Benchmark estimate 20k');
    if (!big) throw new Error('"Benchmark Tower" has no "Benchmark estimate 20k".');
    const env = {
      ...process.env,
      PLANDESK_BASE_URL: backend.baseUrl,
      PLANDESK_CUSTOMER: backend.customer,
      PLANDESK_KEY: backend.key,
      PLANDESK_DATA_DIR: scratch.dir,
    };
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
      ],
      { env },
    );
    if (cli.status !== 0)
      throw new Error(`The CLI export failed (${cli.status}): ${cli.stderr.slice(0, 300)}`);
    const bare = wholeProcess([
      process.argv[1]!,
      BARE_PDF_FLAG,
      String(ITEMS),
      join(scratch.dir, 'bare.pdf'),
    ]);
    if (bare.status !== 0)
      throw new Error(`bare pdfmake failed (${bare.status}): ${bare.stderr.slice(0, 300)}`);
    const timeRatio = cli.wallMs / bare.wallMs;
    const memoryRatio = cli.maxRssMb / bare.maxRssMb;
    tableRow({
      what: `PDF of the ${ITEMS.toLocaleString('en')}-item estimate, CLI`,
      now: `${seconds(cli.wallMs)}, ${cli.maxRssMb.toFixed(0)} MB peak`,
      floor: `bare pdfmake, ${ITEMS.toLocaleString('en')} rows × 6 columns: ${seconds(bare.wallMs)}, ${bare.maxRssMb.toFixed(0)} MB`,
      ratio: `${timeRatio.toFixed(2)}× time, ${memoryRatio.toFixed(2)}× memory`,
      target: `≤ ${TARGET_RATIO}× time and memory`,
      within: yesNo(timeRatio <= TARGET_RATIO && memoryRatio <= TARGET_RATIO),
    });
    return {
      'CLI export, whole process': `${seconds(cli.wallMs)} (CPU ${seconds(cli.cpuMs)}), peak RSS ${cli.maxRssMb.toFixed(0)} MB`,
      'PDF size (MB)': (statSync(out).size / 1e6).toFixed(1),
      'bare pdfmake, 20,000 rows × 6': `${seconds(bare.wallMs)} (CPU ${seconds(bare.cpuMs)}), peak RSS ${bare.maxRssMb.toFixed(0)} MB`,
      'ratio (time, memory)': `${timeRatio.toFixed(2)}×, ${memoryRatio.toFixed(2)}×`,
      target: `≤ ${TARGET_RATIO}× both`,
    };
  } finally {
    scratch.done();
    await backend.close();
  }
}
