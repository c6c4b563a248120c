import { execFileSync } from 'node:child_process';

// The CLI tests run the real `plandesk` bin, so bundle it from the current sources first (~0.3 s).
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
