import { runCli } from './main';

// The bundled entry point of `plandesk`.
// Dependencies' deprecation warnings (e.g. Buffer() in a PDF library) are noise on a user's terminal.
process.noDeprecation = true;
void runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
}).then((code) => {
  process.exitCode = code;
});
