import { termLabel } from '../../../src-shared/plans/vocabulary';
import type { ApiClient } from '../../api/client';
import type { CliFlags } from '../args';
import { json, keyValues } from './projects';
import { EN, type CliText } from '../i18n';

export async function workspaceCommand(
  client: ApiClient,
  flags: CliFlags,
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const ws = await client.getWorkspace();
  if (flags.json) return json(ws);
  return keyValues([
    [t('cli.id'), ws.id],
    [t('cli.name'), ws.name],
    [t('cli.owner'), ws.owner?.email],
    [t('cli.webhookUrl'), ws.webhook_url ?? t('cli.none')],
    [t('cli.exportFormats'), ws.formats?.map((f) => termLabel('format', f, t)).join(', ')],
  ]);
}
