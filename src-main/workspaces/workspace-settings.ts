import type {
  ConnectionCheck,
  WorkspaceDetails,
  WorkspacePerson,
  WorkspaceSettings,
} from '../../src-shared/workspaces/types';
import type { Workspace } from '../api/schemas';
import type { ActiveSource } from '../contracts/active-workspace';
import { plainQuestion, type ConfirmQuestion, type Dialogs } from '../dialogs';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { ServiceError, toErrorValue } from '../errors/service-error';
import { translator } from '../../src-shared/i18n/catalogue';

/**
 * The active workspace in the service: its details as sent, the connectivity check, and its own
 * settings there (the Project Updated webhook).
 */
export class WorkspaceSettingsService {
  constructor(
    private readonly active: ActiveSource,
    private readonly dialogs: Pick<Dialogs, 'confirm'>,
  ) {}

  /** Read through the cache: offline, the workspace screen shows the last details it had. */
  async details(): Promise<WorkspaceDetails> {
    const { cached } = await this.active();
    const fetched = await cached.getWorkspace();
    return {
      ...detailsOf(fetched.data),
      source: fetched.source,
      fetchedAt: fetched.fetchedAt.toISOString(),
    };
  }

  /**
   * GET /workspace, timed from request to parsed answer. A refused key is thrown (the app's one
   * signal of a revoked key follows); any other failure is the check's result.
   */
  async checkConnection(): Promise<ConnectionCheck> {
    const { client } = await this.active();
    const checkedAt = new Date().toISOString();
    const started = performance.now();
    try {
      await client.getWorkspace();
      return { ok: true, roundTripMs: Math.round(performance.now() - started), checkedAt, error: null };
    } catch (err) {
      if (err instanceof ServiceError && err.kind === 'auth') throw err;
      return { ok: false, roundTripMs: null, checkedAt, error: toErrorValue(err) };
    }
  }

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
  // The address as it will be used: percent-encoded, so nothing in it reads differently.
  const { host, href } = new URL(value);
  return plainQuestion({
    title: t('security.webhookConfirmTitle'),
    message: t('security.webhookConfirmMessage', { host }),
    detail: t('security.webhookConfirmDetail', { host, url: href }),
    confirmLabel: t('security.webhookConfirmButton', { host }),
    cancelLabel: t('common.cancel'),
  });
}

function isWebhookAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}

const KNOWN_FIELDS = new Set(['id', 'name', 'owner', 'users', 'formats', 'webhook_url']);

function textOf(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
}

function person(v: unknown): WorkspacePerson | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const name = [textOf(o.firstname), textOf(o.lastname)].filter(Boolean).join(' ') || textOf(o.name) || null;
  return { name, email: textOf(o.email), role: textOf(o.role) };
}

/** The details as sent: what PlanDesk names, the web addresses, and every other plain field. */
function detailsOf(ws: Workspace): WorkspaceDetails {
  const raw = ws as Record<string, unknown>;
  const urls: WorkspaceDetails['urls'] = [];
  const other: WorkspaceDetails['other'] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (KNOWN_FIELDS.has(field)) continue;
    if (typeof value === 'string' && /^https?:\/\//i.test(value)) urls.push({ field, url: value });
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      other.push({ field, value: String(value) });
    }
  }
  return {
    id: ws.id ?? null,
    name: ws.name,
    owner: person(ws.owner),
    users: Array.isArray(raw.users)
      ? raw.users.map(person).filter((p): p is WorkspacePerson => p !== null)
      : null,
    formats: ws.formats ?? null,
    webhookUrl: ws.webhook_url ?? null,
    urls,
    other,
  };
}
