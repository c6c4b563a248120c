import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';

/**
 * Writes a file so that a crash or a full disk never leaves it half-written: write a temporary file
 * beside it, flush it, then rename over the original (atomic on one filesystem). Whatever fails, the
 * temporary file is removed again. Readable by the owner only.
 */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const handle = await fs.open(tmp, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}
