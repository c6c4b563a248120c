import { runCli } from './main';

// The bundled entry point of `plandesk`.
void runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
}).then((code) => {
  process.exitCode = code;
});
