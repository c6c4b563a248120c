import { createLogger, type Logger } from '../../src-main/log/logger';

/** A logger that keeps every line, so a test can prove what was (and was not) written. */
export function captureLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger((level, line) => lines.push(`[${level}] ${line}`)), lines };
}
