import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileExtension } from '../../src-shared/files/safe-file-name';
import { opensWithSystem } from '../../src-shared/files/upload-types';
import { ServiceError } from '../errors/service-error';
import { localFileError } from './write-atomically';

/** How many saved files this session remembers (the newest; a notice offers only the last one). */
const REMEMBERED = 50;

/**
 * What PlanDesk saved where the user chose this session (exports of estimates, rooms, change orders,
 * forms), so the notice after an export can open the file or show it in its folder. Only paths in
 * this list are opened or shown: the renderer cannot name any other file. Open is for the types
 * PlanDesk opens itself, as for the project's files; anything else is shown in its folder.
 */
export class SavedFiles {
  private readonly paths: string[] = [];

  constructor(
    private readonly opener: {
      openPath(path: string): Promise<void>;
      showInFolder(path: string): Promise<void>;
    },
  ) {}

  /** Notes the path of an answer that saved a file (null: nothing was saved); returns the answer. */
  remembered<T extends { path: string | null }>(result: T): T {
    if (result.path) {
      const at = this.paths.indexOf(result.path);
      if (at >= 0) this.paths.splice(at, 1);
      this.paths.push(result.path);
      if (this.paths.length > REMEMBERED) this.paths.shift();
    }
    return result;
  }

  async open(file: string): Promise<{ path: string }> {
    const known = await this.existing(file);
    if (!opensWithSystem(fileExtension(path.basename(known)))) {
      throw new ServiceError(
        'validation',
        'PlanDesk does not open files of this type with another program; use "Show in folder" instead.',
      );
    }
    await this.opener.openPath(known);
    return { path: known };
  }

  async showInFolder(file: string): Promise<{ path: string }> {
    const known = await this.existing(file);
    await this.opener.showInFolder(known);
    return { path: known };
  }

  /** A path this session saved and that is still there. */
  private async existing(file: string): Promise<string> {
    if (!this.paths.includes(file)) {
      throw new ServiceError('validation', 'PlanDesk opens only files it saved itself in this session.');
    }
    await fs.stat(file).catch((err: unknown) => {
      throw localFileError(err, file, 'read');
    });
    return file;
  }
}
