/**
 * The main process's log. Every line passes through redaction first: API keys are registered as
 * secrets when a client is made, and any occurrence is replaced before the line is written, so a key
 * cannot reach a log file even by accident (an error message quoting a header, say).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string): void;
}

export type LogSink = (level: LogLevel, line: string) => void;

const secrets = new Set<string>();

/**
 * Registers a value that must never appear in any log line or error shown to the user (also in its
 * URL-encoded form). Short values are ignored (too many false hits).
 */
export function registerSecret(value: string): void {
  if (value.length < 6) return;
  secrets.add(value);
  secrets.add(encodeURIComponent(value));
}

export function redact(line: string): string {
  let out = line;
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join('[redacted]');
  }
  return out;
}

export function createLogger(sink: LogSink): Logger {
  return {
    log(level, message) {
      sink(level, redact(message));
    },
  };
}

/** Writes nothing: for callers that did not ask for a log. */
export const silentLogger: Logger = { log() {} };

/** Writes to stderr from `minLevel` up (used by the CLI with --verbose). */
export function stderrLogger(minLevel: LogLevel = 'warn'): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  return createLogger((level, line) => {
    if (order.indexOf(level) >= order.indexOf(minLevel)) process.stderr.write(`[${level}] ${line}\n`);
  });
}
