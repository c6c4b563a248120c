/**
 * The main log, and what happens when PlanDesk cannot start: the error is logged and shown in a
 * native error box in the user's language, then the app exits with a failure status. Never a
 * silent exit.
 */
import { app, dialog } from 'electron';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { translate } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { createLogger, type Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';

export interface MainLog {
  logger: Logger;
  dir: string;
  file: string;
}

/** logs/main.log in the user-data folder; lines go through the key-redacting logger. */
export function openMainLog(userData: string): MainLog {
  const dir = path.join(userData, 'logs');
  const file = path.join(dir, 'main.log');
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch {
    // Written to stderr below when the folder cannot be made.
  }
  const logger = createLogger((level, line) => {
    const text = `${new Date().toISOString()} [${level}] ${line}\n`;
    try {
      appendFileSync(file, text, { mode: PRIVATE_FILE_MODE });
    } catch {
      // a full or read-only disk must not take the app down
      process.stderr.write(text);
    }
  });
  return { logger, dir, file };
}

function describe(err: unknown): { message: string; detail: string } {
  if (err instanceof Error) return { message: err.message, detail: err.stack ?? err.message };
  return { message: String(err), detail: String(err) };
}

/** Logs the failure, tells the user in a native error box, and exits with status 1. */
export function failStartup(err: unknown, log: MainLog, language: UiLanguage): void {
  const { message, detail } = describe(err);
  log.logger.log('error', `PlanDesk could not start: ${detail}`);
  try {
    dialog.showErrorBox(
      translate(language, 'app.startFailed'),
      translate(language, 'shell.startFailedDetail', { message, path: log.file }),
    );
  } finally {
    app.exit(1);
  }
}
