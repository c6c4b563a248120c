import path from 'node:path';
import { parseArgs } from 'node:util';
import { ServiceError } from '../errors/service-error';

/** Every option any command takes; each command checks the ones it uses. */
const OPTIONS = {
  'base-url': { type: 'string' },
  customer: { type: 'string' },
  key: { type: 'string' },
  lang: { type: 'string' },
  'acting-user': { type: 'string' },
  demo: { type: 'boolean' },
  json: { type: 'boolean' },
  all: { type: 'boolean' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  name: { type: 'string' },
  'external-ref': { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  'client-copy': { type: 'boolean' },
  preset: { type: 'string' },
  columns: { type: 'string' },
  paper: { type: 'string' },
  separator: { type: 'string' },
  'no-statements': { type: 'boolean' },
  'large-pdf': { type: 'boolean' },
  'rooms-costs': { type: 'boolean' },
  yes: { type: 'boolean' },
  project: { type: 'string' },
  'real-key': { type: 'boolean' },
  // The first spelling of --real-key, still understood.
  'send-real-key': { type: 'boolean' },
  'reply-status': { type: 'string' },
  'reply-message': { type: 'string' },
  'show-key': { type: 'boolean' },
  verbose: { type: 'boolean' },
  version: { type: 'string' },
  since: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type CliFlags = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean;
};

export interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  flags: CliFlags;
}

export function parseCliArgs(argv: string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    const [command, ...rest] = positionals;
    return { command, positionals: rest, flags: values as CliFlags };
  } catch (err) {
    throw new ServiceError('config', (err as Error).message.split('\n')[0] ?? 'Invalid arguments.');
  }
}

/** A document's format: --format, else the extension of --out (pdf, xlsx, …), in lower case. */
export function documentFormat(flags: CliFlags): string | undefined {
  return flags.format ?? (flags.out ? path.extname(flags.out).slice(1).toLowerCase() : undefined);
}

export function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ServiceError('config', `--${name} must be a whole number of at least 1.`);
  return n;
}

export function requirePositional(positionals: string[], index: number, name: string): string {
  const v = positionals[index];
  if (!v) throw new ServiceError('config', `Missing ${name}. See plandesk --help.`);
  return v;
}
