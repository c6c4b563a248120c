/**
 * The OS dialogs and opener, behind one small interface: Electron's in the app (src-main/index.ts),
 * answered by the test harness in e2e tests (Electron cannot run there).
 */
import { withoutHiddenCharacters } from '../src-shared/text/hidden-characters';

export type SaveKind = 'xlsx' | 'pdf' | 'csv' | 'json';

export interface Dialogs {
  /** "Save as…" with a suggested file name; null when the user cancels. */
  saveFile(suggestedName: string, kind: SaveKind): Promise<string | null>;
  /** "Open…" for files to upload (several allowed); empty when the user cancels. */
  openFiles(extensions: readonly string[]): Promise<string[]>;
  /** A folder to download into; null when the user cancels. */
  chooseFolder(): Promise<string | null>;
  /** Opens a downloaded file with the program the OS associates with it. */
  openPath(path: string): Promise<void>;
  /** Shows a file selected in the system's file manager; runs nothing. */
  showInFolder(path: string): Promise<void>;
  /** Asks the user a yes/no question in a native dialog; true when they confirm. */
  confirm(question: ConfirmQuestion): Promise<boolean>;
}

/** A question for the native confirmation dialog, already in the user's language. */
export interface ConfirmQuestion {
  title: string;
  message: string;
  detail: string;
  confirmLabel: string;
  cancelLabel: string;
}

/**
 * A question as a native dialog may show it: its texts quote addresses and names PlanDesk did not
 * write, so nothing hidden (a bidirectional override, a control character) stays in any of them.
 */
export function plainQuestion(q: ConfirmQuestion): ConfirmQuestion {
  const line = (s: string) => withoutHiddenCharacters(s);
  return {
    title: line(q.title),
    message: line(q.message),
    detail: withoutHiddenCharacters(q.detail, { keepLines: true }),
    confirmLabel: line(q.confirmLabel),
    cancelLabel: line(q.cancelLabel),
  };
}
