import path from 'node:path';
import type { ConfirmQuestion, Dialogs, SaveKind } from '../../src-main/dialogs';

/**
 * The OS dialogs as a test answers them (Electron's real ones cannot run here): saves go to
 * `dir` under the suggested name, picks return `answers.open`, confirmations answer
 * `answers.confirm`, and every call is recorded.
 */
export function testDialogs(dir: string) {
  const answers = { save: true, open: [] as string[], folder: dir as string | null, confirm: true };
  const calls: {
    saved: [string, SaveKind][];
    opened: string[];
    shown: string[];
    confirmed: ConfirmQuestion[];
  } = { saved: [], opened: [], shown: [], confirmed: [] };
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
    showInFolder: async (p) => {
      calls.shown.push(p);
    },
    confirm: async (question) => {
      calls.confirmed.push(question);
      return answers.confirm;
    },
  };
  return { dialogs, answers, calls };
}
