import { open } from 'node:fs/promises';

/**
 * Fills the file system `file` is on to the last byte (a 64 KiB block at a time, then byte by byte):
 * for scripts that run on a small disk of their own (small-disk.ts).
 */
export async function fillDisk(file: string): Promise<void> {
  const filler = await open(file, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await filler.write(block);
  } catch {
    // ENOSPC: full to the last block; now the last bytes
    try {
      for (;;) await filler.write(Buffer.alloc(1, 1));
    } catch {
      // full
    }
  } finally {
    await filler.close();
  }
}
