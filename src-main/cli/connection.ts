import { ApiClient } from '../api/client';
import { normaliseBaseUrl } from '../api/base-url';
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type UiLanguage } from '../../src-shared/i18n/languages';
import type { Logger } from '../log/logger';
import { startDemoSimulator, type Simulator } from '../demo/demo-simulator';
import type { CliFlags } from './args';
import { ServiceError } from '../errors/service-error';

export interface Connection {
  client: ApiClient;
  /** Set with --demo: the in-process simulator to stop when the command is done. */
  simulator?: Simulator;
  /** `--lang`: what the service answers in, and what the CLI prints in. */
  language: UiLanguage;
  /** Which workspace this is, as the app's settings name it (for its saved export presets). */
  workspace: { baseUrl: string; customer: string } | 'demo';
  /** The API key in use: only `webhook-test --real-key` reads it. */
  key: string;
}

/** Flags win over environment variables; --demo serves the built-in demo workspace in-process. */
export async function connect(flags: CliFlags, env: NodeJS.ProcessEnv, logger: Logger): Promise<Connection> {
  const language = parseLanguage(flags.lang ?? env.PLANDESK_LANG);
  const actingUser = flags['acting-user'] ?? env.PLANDESK_ACTING_USER;
  if (flags.demo) {
    const simulator = await startDemoSimulator();
    const ws = simulator.workspaces[0]!;
    const client = new ApiClient({
      baseUrl: simulator.baseUrl,
      customer: ws.customer,
      key: ws.key,
      language,
      actingUser,
      logger,
    });
    return { client, simulator, language: language ?? DEFAULT_LANGUAGE, workspace: 'demo', key: ws.key };
  }
  const baseUrl = flags['base-url'] ?? env.PLANDESK_BASE_URL;
  const customer = flags.customer ?? env.PLANDESK_CUSTOMER;
  const key = flags.key ?? env.PLANDESK_KEY;
  const missing = [
    !baseUrl && '--base-url (PLANDESK_BASE_URL)',
    !customer && '--customer (PLANDESK_CUSTOMER)',
    !key && '--key (PLANDESK_KEY)',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new ServiceError(
      'config',
      `Missing ${missing.join(', ')}. Or use --demo for the built-in demo workspace.`,
    );
  }
  return {
    client: new ApiClient({
      baseUrl: baseUrl!,
      customer: customer!,
      key: key!,
      language,
      actingUser,
      logger,
    }),
    language: language ?? DEFAULT_LANGUAGE,
    workspace: { baseUrl: normaliseBaseUrl(baseUrl!), customer: customer!.trim() },
    key: key!,
  };
}

/** The language of `--lang` (or PLANDESK_LANG), for commands that need no connection. */
export function cliLanguage(flags: CliFlags, env: NodeJS.ProcessEnv): UiLanguage {
  return parseLanguage(flags.lang ?? env.PLANDESK_LANG) ?? DEFAULT_LANGUAGE;
}

/** The language given with --lang or PLANDESK_LANG, if one was: it is then also a document's. */
export function givenLanguage(flags: CliFlags, env: NodeJS.ProcessEnv): UiLanguage | undefined {
  return parseLanguage(flags.lang ?? env.PLANDESK_LANG);
}

function parseLanguage(value: string | undefined): UiLanguage | undefined {
  if (value === undefined) return undefined;
  const match = matchLanguage(value);
  if (!match) throw new ServiceError('config', `--lang must be one of ${LANGUAGES.join(', ')}.`);
  return match;
}
