/**
 * `webhook-listen` and `webhook-test`: the Project Updated webhook for integrators. The listener
 * prints one JSON line when it is ready (`{"url": …}`) and one per call it receives; the test sender
 * posts a call as the service would and says what came back.
 */
import { ServiceError } from '../../errors/service-error';
import { startWebhookListener } from '../../webhook/listener';
import { checkReceiverUrl, sendProjectUpdated } from '../../webhook/test-sender';
import { projectFields, sampleFields } from '../../webhook/test-fields';
import type { Connection } from '../connection';
import { positiveInt, requirePositional, type CliFlags } from '../args';
import { stringFlag } from './files';
import {
  isWebhookStatus,
  PLACEHOLDER_KEY,
  type WebhookFailure,
  type WebhookStatus,
  type WebhookTestResult,
} from '../../../src-shared/webhook/types';
import { FAILURE_KEYS, MEANING_KEYS } from '../../../src-shared/webhook/labels';
import type { CliText } from '../i18n';

/** Serves until SIGINT/SIGTERM; `write` gets each line (without its newline). */
export async function webhookListenCommand(flags: CliFlags, write: (line: string) => void): Promise<void> {
  const port = flags.port === undefined || flags.port === '0' ? 0 : positiveInt(flags.port, 'port', 0);
  if (port > 65535) throw new ServiceError('config', '--port must be at most 65535.');
  let replyStatus: WebhookStatus = 0;
  if (flags['reply-status'] !== undefined) {
    const n = Number(flags['reply-status']);
    if (!/^\d+$/.test(flags['reply-status']) || !isWebhookStatus(n)) {
      throw new ServiceError('config', '--reply-status must be one of 0, 1, 2, 14, 18.');
    }
    replyStatus = n;
  }
  let listener;
  try {
    listener = await startWebhookListener({
      port,
      replyStatus,
      replyMessage: stringFlag(flags, 'reply-message'),
      showKey: Boolean(flags['show-key']),
      onCall: (call) => write(JSON.stringify(call)),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ServiceError('config', `Port ${port} is already in use.`);
    if (code === 'EACCES') throw new ServiceError('config', `Port ${port} may not be used by this user.`);
    throw err;
  }
  write(JSON.stringify({ url: listener.url }));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await listener.close();
}

const FAILURE_KIND: Record<WebhookFailure, 'config' | 'network' | 'invalid-response'> = {
  'bad-url': 'config',
  'not-https': 'config',
  timeout: 'network',
  tls: 'network',
  refused: 'network',
  dns: 'network',
  network: 'network',
  'http-status': 'invalid-response',
  'too-large': 'invalid-response',
  'not-xml': 'invalid-response',
  'no-status': 'invalid-response',
};

export interface CommandOutput {
  stdout: string;
  stderr?: string;
  code: number;
}

/**
 * `webhook-test URL [--project ID] [--real-key] [--json]`. The user's own command, so it posts to
 * any address they type: sample values and a placeholder key unless they ask for a project's data
 * (`--project`) or the workspace's real key (`--real-key`; `--send-real-key` is its first spelling).
 * Exit 0 when the receiver answered with an XML status (whichever), 1 with `error(kind): …` when it
 * did not (2 for a refused address).
 */
export async function webhookTestCommand(
  flags: CliFlags,
  positionals: string[],
  connection: () => Promise<Connection>,
  text: CliText,
): Promise<CommandOutput> {
  const url = requirePositional(positionals, 0, 'URL');
  const project = stringFlag(flags, 'project');
  const real = Boolean(flags['real-key'] || flags['send-real-key']);
  let result: WebhookTestResult;
  if (checkReceiverUrl(url)) {
    result = await sendProjectUpdated({ url, fields: [], keySent: 'placeholder' });
  } else {
    const conn = project || real ? await connection() : null;
    try {
      const key = real && conn ? conn.key : PLACEHOLDER_KEY;
      const fields = project && conn ? await projectFields(conn.client, project, key) : sampleFields(key);
      result = await sendProjectUpdated({ url, fields, keySent: real ? 'real' : 'placeholder' });
    } finally {
      await conn?.simulator?.close();
    }
  }
  const { t } = text;
  const failure = result.failure;
  const error = failure
    ? `error(${FAILURE_KIND[failure.reason]}): ${t(FAILURE_KEYS[failure.reason])} (${failure.detail})\n`
    : undefined;
  const code = failure ? (FAILURE_KIND[failure.reason] === 'config' ? 2 : 1) : 0;
  if (flags.json) return { stdout: JSON.stringify(result, null, 2), stderr: error, code };
  const lines = [
    t('cli.webhookSent', {
      url: result.url,
      key: t(result.keySent === 'real' ? 'cli.realKey' : 'cli.placeholderKey'),
      ms: result.durationMs,
    }),
  ];
  if (!failure) {
    lines.push(
      t('cli.webhookStatus', {
        http: result.httpStatus ?? '',
        status: result.status ?? '',
        meaning: t(MEANING_KEYS[result.meaning ?? 'unknown']),
      }),
      result.message ? t('cli.webhookMessage', { message: result.message }) : t('cli.webhookNoMessage'),
    );
  }
  return { stdout: lines.join('\n'), stderr: error, code };
}
