import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { checkoutRoot } from './checkout';
import { createInterface } from 'node:readline';

export interface Backend {
  baseUrl: string;
  customer: string;
  key: string;
  where: string;
  close(): Promise<void>;
}

const ROOT = checkoutRoot();

/**
 * The environment of a `plandesk` process talking to `backend`, with its data folder (the app's
 * settings, for saved presets: none there) in `dataDir`.
 */
export function cliEnvFor(backend: Backend, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PLANDESK_BASE_URL: backend.baseUrl,
    PLANDESK_CUSTOMER: backend.customer,
    PLANDESK_KEY: backend.key,
    PLANDESK_DATA_DIR: dataDir,
  };
}

/**
 * The simulator in a child process (`plandesk simulator`, from the sources through tsx), so its own
 * CPU and buffers never count as the client's: a benchmark measures PlanDesk alone.
 */
export function childSimulator(data: 'demo' | 'large' = 'demo'): Promise<Backend> {
  return new Promise((resolveBackend, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src-main', 'cli', 'index.ts'),
        'simulator',
        '--port',
        '0',
        '--data',
        data,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout! });
    // The large data set is generated at start: allow for a slow machine.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('the simulator did not start within 120 s'));
    }, 120_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited with ${code}`));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      let info: { baseUrl: string; workspaces: { customer: string; key: string }[] };
      try {
        info = JSON.parse(line);
      } catch {
        child.kill('SIGTERM');
        reject(new Error(`unexpected output: ${line.slice(0, 100)}`));
        return;
      }
      const ws = info.workspaces[0]!;
      resolveBackend({
        baseUrl: info.baseUrl,
        customer: ws.customer,
        key: ws.key,
        where: `child process (pid ${child.pid})`,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
