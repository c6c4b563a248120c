import type { WorkspaceSettings } from '../../src-shared/workspaces/types';
import type { ActiveSource } from '../app/active-workspace';
import { ServiceError } from '../errors/service-error';

/** The active workspace's own settings in the service: its name and the Project Updated webhook. */
export class WorkspaceSettingsService {
  constructor(private readonly active: ActiveSource) {}

  async get(): Promise<WorkspaceSettings> {
    const { client } = await this.active();
    const ws = await client.getWorkspace();
    return { name: ws.name, webhookUrl: ws.webhook_url ?? null };
  }

  /** https only (the service posts the Project Updated webhook there); null clears it. */
  async setWebhook(url: string | null): Promise<WorkspaceSettings> {
    const value = url?.trim() ? url.trim() : null;
    if (value !== null && !isWebhookAddress(value)) {
      throw new ServiceError(
        'validation',
        'The webhook address must be a full https:// address.',
        undefined,
        {
          webhook_url: ['must be an https:// address'],
        },
      );
    }
    const { client } = await this.active();
    const ws = await client.setWebhookUrl(value);
    return { name: ws.name, webhookUrl: ws.webhook_url ?? null };
  }
}

function isWebhookAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}
