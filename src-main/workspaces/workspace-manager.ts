import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ApiClient, type ApiClientOptions } from '../api/client';
import { normaliseBaseUrl } from '../api/base-url';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { DEMO_WORKSPACE_ID, type SettingsStore, type WorkspaceRecord } from '../settings/settings-store';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { WorkspaceList, WorkspaceMeta } from '../../src-shared/workspaces/types';
import { ServiceError } from '../errors/service-error';
import { MAX_STORED_NAME_LENGTH } from '../api/limits';
import { cappedServiceText } from '../../src-shared/text/hidden-characters';

export interface DemoConnection {
  name: string;
  baseUrl: string;
  customer: string;
  key: string;
}

export interface WorkspaceManagerDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  /** Where per-workspace data (the offline cache) lives: `<dataDir>/cache/<workspace id>*`. */
  dataDir: string;
  logger: Logger;
  /** The built-in demo workspace; started on first use (never just to be listed). */
  demo: () => Promise<DemoConnection>;
  /** Its name and customer, known without starting it. */
  demoInfo: { name: string; customer: string };
  /** Extra client options (tests shorten retries). */
  clientOptions?: Partial<ApiClientOptions>;
}

/**
 * What changed among the workspaces. `removing` comes before a workspace's data is deleted (open
 * cache files must be closed first); the others after the change is saved.
 */
export interface WorkspaceChange {
  kind: 'added' | 'switched' | 'removing' | 'removed' | 'key-replaced' | 'language' | 'acting-user';
  id: string;
}

export interface NewWorkspace {
  customer: string;
  key: string;
  actingUser?: string | undefined;
  language: UiLanguage;
  baseUrl: string;
}

/**
 * The user's workspaces: metadata in settings.json, keys in the OS keychain, one API client per
 * workspace. With none set up, the demo workspace (the built-in simulator) is active.
 */
export class WorkspaceManager {
  /**
   * Each workspace's client, or the making of it: callers that come while it is made (the start-up
   * warm-up and the first screen) share one keychain read and one client.
   */
  private readonly clients = new Map<string, Promise<ApiClient>>();
  /** Workspaces whose key the service stopped accepting (401) this session. */
  private readonly needsKey = new Set<string>();
  private readonly listeners = new Set<(change: WorkspaceChange) => void>();

  constructor(private readonly deps: WorkspaceManagerDeps) {}

  /** Calls `listener` (synchronously) on every change; returns the unsubscribe. */
  onChange(listener: (change: WorkspaceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(kind: WorkspaceChange['kind'], id: string): void {
    for (const listener of this.listeners) listener({ kind, id });
  }

  async list(): Promise<WorkspaceList> {
    const s = await this.deps.settings.load();
    const demo = await this.demoMeta();
    const own = s.workspaces.map((w) => this.meta(w));
    return { workspaces: [...own, demo], activeId: this.resolveActive(s.activeWorkspaceId, s.workspaces) };
  }

  async activeMeta(): Promise<WorkspaceMeta> {
    const list = await this.list();
    return list.workspaces.find((w) => w.id === list.activeId)!;
  }

  /** The active workspace's client (the demo's when none is set up). */
  async activeClient(): Promise<{ meta: WorkspaceMeta; client: ApiClient }> {
    const meta = await this.activeMeta();
    return { meta, client: await this.clientFor(meta.id) };
  }

  /**
   * Checks the credentials with `GET /workspace` first; only then stores the key in the keychain and
   * the metadata (never the key) in settings. A failure anywhere leaves nothing behind.
   */
  async add(input: NewWorkspace): Promise<WorkspaceMeta> {
    const baseUrl = normaliseBaseUrl(input.baseUrl);
    const actingUser = input.actingUser?.trim() || null;
    const s = await this.deps.settings.load();
    if (s.workspaces.some((w) => w.baseUrl === baseUrl && w.customer === input.customer.trim())) {
      throw new ServiceError(
        'validation',
        'This workspace is already set up in PlanDesk. To change its key, choose "Enter new key" for it.',
      );
    }
    const probe = this.makeClient({
      baseUrl,
      customer: input.customer,
      key: input.key,
      language: input.language,
      actingUser,
    });
    const remote = await probe.getWorkspace();

    const record: WorkspaceRecord = {
      id: randomUUID(),
      name: storedName(remote.name),
      customer: input.customer.trim(),
      baseUrl,
      language: input.language,
      actingUser,
      addedAt: new Date().toISOString(),
    };
    await this.deps.secrets.set(record.id, input.key.trim());
    try {
      await this.deps.settings.update((cur) => ({
        ...cur,
        workspaces: [...cur.workspaces, record],
        activeWorkspaceId: record.id,
        language: record.language,
      }));
    } catch (err) {
      await this.deps.secrets.delete(record.id).catch(() => undefined);
      this.deps.logger.log('error', `could not save settings: ${(err as Error).message}`);
      throw err instanceof ServiceError
        ? err
        : new ServiceError(
            'config',
            'PlanDesk could not save its settings file. Check the disk and try again.',
          );
    }
    this.deps.logger.log('info', `workspace added: ${record.name}`);
    this.changed('added', record.id);
    return this.meta(record);
  }

  async switchTo(id: string): Promise<WorkspaceList> {
    const s = await this.deps.settings.load();
    if (id !== DEMO_WORKSPACE_ID && !s.workspaces.some((w) => w.id === id)) {
      throw new ServiceError('not-found', 'That workspace is no longer set up.');
    }
    const language = id === DEMO_WORKSPACE_ID ? s.language : s.workspaces.find((w) => w.id === id)!.language;
    await this.deps.settings.update((cur) => ({ ...cur, activeWorkspaceId: id, language }));
    this.changed('switched', id);
    return this.list();
  }

  /**
   * Removes the workspace, its keychain entry and its cached data; the user's other data stays. The
   * key is deleted only once settings.json no longer lists the workspace: if that write fails, the
   * workspace stays set up, key and all.
   */
  async remove(id: string): Promise<WorkspaceList> {
    if (id === DEMO_WORKSPACE_ID)
      throw new ServiceError('validation', 'The demo workspace cannot be removed.');
    const s = await this.deps.settings.load();
    if (!s.workspaces.some((w) => w.id === id))
      throw new ServiceError('not-found', 'That workspace is no longer set up.');
    this.changed('removing', id);
    await this.deps.settings.update((cur) => {
      const workspaces = cur.workspaces.filter((w) => w.id !== id);
      const activeWorkspaceId =
        cur.activeWorkspaceId === id ? (workspaces[0]?.id ?? DEMO_WORKSPACE_ID) : cur.activeWorkspaceId;
      const { [id]: _presets, ...exportPresets } = cur.exportPresets;
      const { [id]: _last, ...lastExportPreset } = cur.lastExportPreset;
      const { [id]: _language, ...documentsLanguage } = cur.documentsLanguage;
      return { ...cur, workspaces, activeWorkspaceId, exportPresets, lastExportPreset, documentsLanguage };
    });
    this.clients.delete(id);
    this.needsKey.delete(id);
    try {
      await this.deps.secrets.delete(id);
    } catch (err) {
      // The workspace is gone from PlanDesk; a key left in the keychain is named in the log.
      this.deps.logger.log(
        'warn',
        `keychain entry of removed workspace ${id} not deleted: ${(err as Error).message}`,
      );
    }
    await this.removeCache(id);
    this.changed('removed', id);
    return this.list();
  }

  /** After a 401: checks the new key first, then replaces the stored one. */
  async replaceKey(id: string, key: string): Promise<WorkspaceMeta> {
    const record = await this.record(id);
    const probe = this.makeClient({ ...record, key });
    const remote = await probe.getWorkspace();
    await this.deps.secrets.set(id, key.trim());
    await this.deps.settings.update((cur) => ({
      ...cur,
      workspaces: cur.workspaces.map((w) => (w.id === id ? { ...w, name: storedName(remote.name) } : w)),
    }));
    this.clients.delete(id);
    this.needsKey.delete(id);
    this.changed('key-replaced', id);
    return this.meta({ ...record, name: storedName(remote.name) });
  }

  /** The UI language is the active workspace's language: it also sets Accept-Language. */
  async setLanguage(language: UiLanguage): Promise<void> {
    const active = (await this.list()).activeId;
    await this.deps.settings.update((cur) => ({
      ...cur,
      language,
      workspaces: cur.workspaces.map((w) => (w.id === active ? { ...w, language } : w)),
    }));
    this.clients.clear();
    this.changed('language', active);
  }

  async uiLanguage(): Promise<UiLanguage> {
    return (await this.deps.settings.load()).language;
  }

  /**
   * Sets (or, with null, clears) the e-mail whose permissions apply to the workspace's requests.
   * The service checks it first (GET /workspace with it); a refusal changes nothing.
   */
  async setActingUser(id: string, actingUser: string | null): Promise<WorkspaceMeta> {
    if (id === DEMO_WORKSPACE_ID) {
      throw new ServiceError('validation', 'The demo workspace always acts as its owner.');
    }
    const record = await this.record(id);
    const value = actingUser?.trim() || null;
    const key = await this.deps.secrets.get(id);
    if (!key) throw new ServiceError('auth', 'No API key is stored for this workspace on this computer.');
    if (value !== null) {
      try {
        await this.makeClient({ ...record, key, actingUser: value }).getWorkspace();
      } catch (err) {
        if (!(err instanceof ServiceError) || err.kind !== 'auth') throw err;
        // With a key that works, a 401 here is about the acting user, not the key.
        throw new ServiceError(
          'validation',
          `The service refused requests acting as ${value}: not a user of this workspace, or without permission.`,
          err.status,
          { acting_user: ['is not accepted by the service'] },
          err.serviceMessage,
        );
      }
    }
    await this.deps.settings.update((cur) => ({
      ...cur,
      workspaces: cur.workspaces.map((w) => (w.id === id ? { ...w, actingUser: value } : w)),
    }));
    this.clients.delete(id);
    this.changed('acting-user', id);
    return this.meta({ ...record, actingUser: value });
  }

  /** Another workspace's own client, with its own key (copying a form there, say). */
  async client(id: string): Promise<ApiClient> {
    if (id !== DEMO_WORKSPACE_ID) await this.record(id);
    return this.clientFor(id);
  }

  /**
   * Workspace `id`'s API key itself. Only for a webhook test the user explicitly asked to send with
   * the real key; it never leaves main otherwise. Looked up by id, never "the active one": the
   * caller names the workspace whose webhook address it checked, which may no longer be active.
   */
  async keyOf(id: string): Promise<string> {
    if (id === DEMO_WORKSPACE_ID) return (await this.deps.demo()).key;
    const key = await this.deps.secrets.get(id);
    if (!key) throw new ServiceError('auth', 'No API key is stored for this workspace on this computer.');
    return key;
  }

  /** Called when the service answered 401 for this workspace. */
  markKeyRejected(id: string): void {
    if (id !== DEMO_WORKSPACE_ID) this.needsKey.add(id);
    this.clients.delete(id);
  }

  private clientFor(id: string): Promise<ApiClient> {
    const known = this.clients.get(id);
    if (known) return known;
    const made = this.newClientFor(id);
    this.clients.set(id, made);
    // A client that could not be made is tried again by the next caller (the key entered again).
    void made.catch(() => {
      if (this.clients.get(id) === made) this.clients.delete(id);
    });
    return made;
  }

  private async newClientFor(id: string): Promise<ApiClient> {
    if (id === DEMO_WORKSPACE_ID) {
      const demo = await this.deps.demo();
      return this.makeClient({ ...demo, language: await this.uiLanguage(), actingUser: null });
    }
    const record = await this.record(id);
    const key = await this.deps.secrets.get(id);
    if (!key) {
      this.needsKey.add(id);
      throw new ServiceError(
        'auth',
        'No API key is stored for this workspace on this computer. Enter the key again.',
      );
    }
    return this.makeClient({ ...record, key });
  }

  private makeClient(c: {
    baseUrl: string;
    customer: string;
    key: string;
    language: UiLanguage;
    actingUser: string | null;
  }): ApiClient {
    return new ApiClient({
      baseUrl: c.baseUrl,
      customer: c.customer,
      key: c.key,
      language: c.language,
      actingUser: c.actingUser ?? undefined,
      logger: this.deps.logger,
      ...this.deps.clientOptions,
    });
  }

  private async record(id: string): Promise<WorkspaceRecord> {
    const record = (await this.deps.settings.load()).workspaces.find((w) => w.id === id);
    if (!record) throw new ServiceError('not-found', 'That workspace is no longer set up.');
    return record;
  }

  private meta(w: WorkspaceRecord): WorkspaceMeta {
    return {
      id: w.id,
      name: w.name,
      customer: w.customer,
      language: w.language,
      actingUser: w.actingUser,
      demo: false,
      needsKey: this.needsKey.has(w.id),
    };
  }

  private async demoMeta(): Promise<WorkspaceMeta> {
    return {
      id: DEMO_WORKSPACE_ID,
      name: this.deps.demoInfo.name,
      customer: this.deps.demoInfo.customer,
      language: await this.uiLanguage(),
      actingUser: null,
      demo: true,
      needsKey: false,
    };
  }

  private resolveActive(activeId: string, workspaces: WorkspaceRecord[]): string {
    return activeId === DEMO_WORKSPACE_ID || workspaces.some((w) => w.id === activeId)
      ? activeId
      : DEMO_WORKSPACE_ID;
  }

  private async removeCache(id: string): Promise<void> {
    const dir = path.join(this.deps.dataDir, 'cache');
    const entries = await fs.readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      entries
        .filter((f) => f === id || f.startsWith(`${id}.`))
        .map((f) =>
          // Retried: a worker thread checkpointing the cache may hold it for a moment (Windows).
          fs
            .rm(path.join(dir, f), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
            .catch((err: unknown) => {
              this.deps.logger.log(
                'warn',
                `could not delete ${f} of a removed workspace: ${(err as Error).message}`,
              );
            }),
        ),
    );
  }
}

/** A workspace name from the service as settings.json keeps it: capped, no hidden characters. */
function storedName(name: string): string {
  return cappedServiceText(name, MAX_STORED_NAME_LENGTH) || 'Workspace';
}
