import { execFile } from 'node:child_process';
import { runCli } from '../../src-main/cli/main';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The connection to a workspace of a service (the simulator), as the CLI's environment gives it. */
export function cliEnv(
  service: { baseUrl: string; customer: string; key: string },
  dataDir?: string,
): Record<string, string> {
  return {
    PLANDESK_BASE_URL: service.baseUrl,
    PLANDESK_CUSTOMER: service.customer,
    PLANDESK_KEY: service.key,
    ...(dataDir === undefined ? {} : { PLANDESK_DATA_DIR: dataDir }),
  };
}

/**
 * The CLI's command run in this process (`runCli`, what the built bin runs), with `env` as its whole
 * environment besides PATH: what it prints on each stream and its exit code. Where the subject is a
 * command, not the process around it, this is the CLI as users run it minus a Node start (a
 * quarter of a second or more each, many on a busy machine). What anything writes to this process's
 * own stdout and stderr meanwhile (a --verbose log, a thread's warning) is the command's output too,
 * as it would be in its own process. One command at a time.
 */
export async function runCliHere(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const out = { stdout: '', stderr: '' };
  const restore = [
    captured(process.stdout, (t) => (out.stdout += t)),
    captured(process.stderr, (t) => (out.stderr += t)),
  ];
  // As the bin does (src-main/cli/index.ts): a dependency's deprecation warning is not the CLI's output.
  const noDeprecation = process.noDeprecation;
  process.noDeprecation = true;
  try {
    const code = await runCli(args, {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code, ...out };
  } finally {
    process.noDeprecation = noDeprecation;
    for (const undo of restore) undo();
  }
}

/** Takes what is written to `stream` until the returned function is called. */
function captured(stream: NodeJS.WriteStream, take: (text: string) => void): () => void {
  const write = stream.write;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    take(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((r): r is () => void => typeof r === 'function');
    done?.();
    return true;
  }) as typeof stream.write;
  return () => {
    stream.write = write;
  };
}

/** The built bundle (`npm run build:cli`), as users run it. */
export const BUILT_CLI = 'bin/plandesk.cjs';

/**
 * The built `plandesk` in a process of its own, on plain Node, with `env` as its whole environment
 * besides PATH; never throws: the exit code and both outputs come back. For what only a process
 * shows: its exit code, its signals, a launcher that finds its bundle.
 */
export function runBuiltCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BUILT_CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 100 << 20 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
