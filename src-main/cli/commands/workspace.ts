import type { ApiClient } from '../../api/client';
import type { CliFlags } from '../args';
import { json, keyValues } from './projects';

export async function workspaceCommand(client: ApiClient, flags: CliFlags): Promise<string> {
  const ws = await client.getWorkspace();
  if (flags.json) return json(ws);
  return keyValues([
    ['ID', ws.id],
    ['Name', ws.name],
    ['Owner', ws.owner?.email],
    ['Webhook URL', ws.webhook_url ?? '(none)'],
    ['Export formats', ws.formats?.join(', ')],
  ]);
}
