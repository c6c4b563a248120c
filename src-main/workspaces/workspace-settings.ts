import type { WorkspaceSettings } from '../../src-shared/workspaces/types';
import type { ActiveSource } from '../app/active-workspace';
import type { ConfirmQuestion, Dialogs } from '../dialogs';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { ServiceError } from '../errors/service-error';
import { translator } from '../../src-shared/i18n/catalogue';

/** The active workspace's own settings in the service: its name and the Project Updated webhook. */
export class WorkspaceSettingsService {
  constructor(
    private readonly active: ActiveSource,
    private readonly dialogs: Pick<Dialogs, 'confirm'>,
  ) {}

  async get(): Promise<WorkspaceSettings> {
    const { client } = await this.active();
    const ws = await client.getWorkspace();
    return { name: ws.name, webhookUrl: ws.webhook_url ?? null };
  }

  /**
   * https only (the service posts the Project Updated webhook there); null clears it. The service
   * posts the workspace's API key to that address with every Custom Export, so a new address is
   * set only after the user confirmed it in a native dialog that names its host: a page cannot
   * redirect the key on its own.
   */
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
    const { client, meta } = await this.active();
    if (value !== null) {
      const current = (await client.getWorkspace()).webhook_url ?? null;
      if (value !== current && !(await this.confirmed(value, meta.language))) {
        throw new ServiceError('cancelled', 'The webhook address was not changed.');
      }
    }
    const ws = await client.setWebhookUrl(value);
    return { name: ws.name, webhookUrl: ws.webhook_url ?? null };
  }

  private confirmed(value: string, language: UiLanguage): Promise<boolean> {
    return this.dialogs.confirm(webhookQuestion(value, language));
  }
}

/** The native question naming the host that would receive the key. */
function webhookQuestion(value: string, language: UiLanguage): ConfirmQuestion {
  const t = translator(language);
  const host = new URL(value).host;
  return {
    title: t('security.webhookConfirmTitle'),
    message: t('security.webhookConfirmMessage', { host }),
    detail: t('security.webhookConfirmDetail', { host, url: value }),
    confirmLabel: t('security.webhookConfirmButton', { host }),
    cancelLabel: t('common.cancel'),
  };
}

function isWebhookAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}
