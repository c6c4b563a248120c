import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Every file below a folder, at any depth (leftover copies, temporary files); none when it is gone. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}
