import path from 'node:path';
import type { Dialogs, SaveKind } from '../../src-main/dialogs';

/**
 * The OS dialogs as a test answers them (Electron's real ones cannot run here): saves go to
 * `dir` under the suggested name, picks return `answers.open`, and every call is recorded.
 */
export function testDialogs(dir: string) {
  const answers = { save: true, open: [] as string[], folder: dir as string | null };
  const calls: { saved: [string, SaveKind][]; opened: string[] } = { saved: [], opened: [] };
  const dialogs: Dialogs = {
    saveFile: async (name, kind) => {
      calls.saved.push([name, kind]);
      return answers.save ? path.join(dir, name) : null;
    },
    openFiles: async () => answers.open,
    chooseFolder: async () => answers.folder,
    openPath: async (p) => {
      calls.opened.push(p);
    },
  };
  return { dialogs, answers, calls };
}
