import { execFile } from 'node:child_process';

/** The CLI as users run it: the built bundle (`npm run build:cli`), on plain Node. */
const BIN = 'bin/plandesk.cjs';

/**
 * Runs the built `plandesk` against a workspace of a service (the simulator), its data (the app's
 * cache, kept versions) in `dataDir`; never throws: the exit code and both outputs come back.
 */
export function runBuiltCli(
  args: string[],
  service: { baseUrl: string; customer: string; key: string },
  dataDir: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    PLANDESK_BASE_URL: service.baseUrl,
    PLANDESK_CUSTOMER: service.customer,
    PLANDESK_KEY: service.key,
    PLANDESK_DATA_DIR: dataDir,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
