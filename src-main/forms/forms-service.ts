/**
 * The forms screen's operations on the active workspace, and copying a form to the user's other
 * workspaces (each through its own client, with its own key). Forms are read through the cache, so
 * the list and a form open read-only offline. Every document is kept exactly as the service sent
 * it: creates send it back minus the fields the service manages, and so does every update, with the
 * top-level fields the user changed in place (form-documents.ts `wholeForm`).
 */
import { writeFile } from 'node:fs/promises';
import type { ApiClient, FormContextOption } from '../api/client';
import type { ActiveSource } from '../contracts/active-workspace';
import { cacheKeys } from '../cache/cache-db';
import type { Dialogs } from '../dialogs';
import { ServiceError, toErrorValue } from '../errors/service-error';
import { writeAtomically } from '../local-files/write-atomically';
import type { Logger } from '../log/logger';
import { formId, formName } from '../../src-shared/forms/tree';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import type {
  ContextOption,
  CopyOutcome,
  FormCapabilities,
  FormDetail,
  FormList,
  ImportOutcome,
} from '../../src-shared/forms/types';
import type { JsonObject } from '../../src-shared/json/exact-json';
import type { WorkspaceList } from '../../src-shared/workspaces/types';
import {
  allowedContexts,
  formFileText,
  readFormFile,
  requireValid,
  summarize,
  wholeForm,
  withoutManagedFields,
} from './form-documents';

/** The user's other workspaces, as the forms feature may use them (wired to WorkspaceManager). */
export interface OtherWorkspaces {
  list(): Promise<WorkspaceList>;
  /** That workspace's own client (its own key from the keychain). */
  client(id: string): Promise<ApiClient>;
  /** The service refused that workspace's key (401). */
  keyRejected(id: string): void;
}

const NOTHING_PLANNED: FormCapabilities = { contextOptions: null, publishing: false };

function contextOption(o: FormContextOption): ContextOption {
  return { value: o.value, label: o.label, kind: o.kind };
}

/** A file name for the form: its name, by the one rule every file name follows (safeFileName). */
function fileNameFor(doc: JsonObject): string {
  // A name that leaves nothing usable (blank, hidden characters only) gives way to the form's id.
  const named = safeFileName(formName(doc), '') ? formName(doc) : formId(doc);
  return safeFileName(`${named || 'form'}.json`, 'form.json');
}

export class FormsService {
  /** What each client's service offers of the planned endpoints, once it answered definitely. */
  private readonly probed = new WeakMap<ApiClient, FormCapabilities>();

  constructor(
    private readonly active: ActiveSource,
    private readonly others: OtherWorkspaces,
    private readonly dialogs: Pick<Dialogs, 'saveFile' | 'openFiles'>,
    private readonly logger: Logger,
  ) {}

  async list(): Promise<FormList> {
    const { client, cached } = await this.active();
    const fetched = await cached.listForms();
    const forms = fetched.data.map(summarize);
    const capabilities =
      fetched.source === 'cache'
        ? (this.probed.get(client) ?? NOTHING_PLANNED)
        : (await this.probe(client, forms[0]?.id)).capabilities;
    return { forms, capabilities, source: fetched.source, fetchedAt: fetched.fetchedAt.toISOString() };
  }

  async get(id: string): Promise<FormDetail> {
    const { client, cached } = await this.active();
    const fetched = await cached.getForm(id);
    const provenance = { source: fetched.source, fetchedAt: fetched.fetchedAt.toISOString() };
    if (fetched.source === 'cache') {
      const published = typeof fetched.data.published === 'boolean' ? fetched.data.published : null;
      return {
        document: fetched.data,
        published,
        capabilities: this.probed.get(client) ?? NOTHING_PLANNED,
        ...provenance,
      };
    }
    const { capabilities, published } = await this.probe(client, id);
    return { document: fetched.data, published, capabilities, ...provenance };
  }

  /** A new form from the editor: the service judges the context values it offers. */
  async create(document: JsonObject): Promise<FormDetail> {
    requireValid(document, {});
    const { client } = await this.active();
    return this.detail(client, await client.createForm(withoutManagedFields(document)));
  }

  /**
   * Sends the whole form (`wholeForm`): the service's document, read now so a field someone changed
   * meanwhile is kept, with the top-level fields the user changed (`changes`) in place.
   */
  async update(id: string, changes: JsonObject): Promise<FormDetail> {
    const edited = withoutManagedFields(changes);
    if (Object.keys(edited).length === 0) throw new ServiceError('validation', 'Nothing has changed.');
    requireValid(edited, { partial: true });
    const { client } = await this.active();
    const body = wholeForm(await client.getForm(id), edited);
    requireValid(body, {});
    return this.detail(client, await client.updateForm(id, body));
  }

  /** A copy in the same workspace under `name`, made from the form as the service has it now. */
  async duplicate(id: string, name: string): Promise<FormDetail> {
    const { client } = await this.active();
    const source = await client.getForm(id);
    const body = { ...withoutManagedFields(source), name };
    requireValid(body, {});
    return this.detail(client, await client.createForm(body));
  }

  async remove(id: string): Promise<{ deleted: true }> {
    const { client, cached } = await this.active();
    await client.deleteForm(id);
    cached.forget('form', cacheKeys.form(id));
    return { deleted: true };
  }

  /**
   * Creates the form in each of `workspaceIds` through that workspace's own client. Never throws
   * for one workspace: each gets its own outcome.
   */
  async copyTo(id: string, workspaceIds: string[]): Promise<CopyOutcome[]> {
    const { meta, client } = await this.active();
    const body = withoutManagedFields(await client.getForm(id));
    requireValid(body, {});
    const list = await this.others.list();
    const outcomes: CopyOutcome[] = [];
    for (const targetId of [...new Set(workspaceIds)]) {
      const target = list.workspaces.find((w) => w.id === targetId);
      const workspaceName = target?.name ?? targetId;
      try {
        if (!target) throw new ServiceError('not-found', 'That workspace is no longer set up.');
        if (targetId === meta.id) {
          throw new ServiceError(
            'validation',
            'The form is already in this workspace; duplicate it instead.',
          );
        }
        const created = await (await this.others.client(targetId)).createForm(body);
        outcomes.push({
          workspaceId: targetId,
          workspaceName,
          result: { ok: true, formId: formId(created) ?? '', name: formName(created) },
        });
      } catch (err) {
        if (err instanceof ServiceError && err.kind === 'auth') this.others.keyRejected(targetId);
        if (!(err instanceof ServiceError)) this.logger.log('error', `copying a form failed: ${String(err)}`);
        outcomes.push({
          workspaceId: targetId,
          workspaceName,
          result: { ok: false, error: toErrorValue(err) },
        });
      }
    }
    return outcomes;
  }

  /** Saves the form (as the cache or the service has it) as a JSON file the user picks. */
  async exportToFile(id: string): Promise<{ path: string | null }> {
    const { cached } = await this.active();
    const doc = (await cached.getForm(id)).data;
    const path = await this.dialogs.saveFile(fileNameFor(doc), 'json');
    if (!path) return { path: null };
    await writeAtomically(path, (tmp) => writeFile(tmp, formFileText(doc), 'utf8'));
    return { path };
  }

  /** Creates a form from a JSON file the user picks; a file that fails the checks sends nothing. */
  async importFromFile(): Promise<ImportOutcome> {
    const [file] = await this.dialogs.openFiles(['json']);
    if (!file) return { status: 'cancelled' };
    const { client } = await this.active();
    const { capabilities } = await this.probe(client, undefined);
    const read = await readFormFile(file, { contexts: allowedContexts(capabilities) });
    if (!read.ok) return { status: 'invalid', file, problems: read.problems, syntaxError: read.syntaxError };
    const created = await client.createForm(withoutManagedFields(read.document));
    return { status: 'created', file, form: await this.detail(client, created) };
  }

  async setPublished(id: string, published: boolean): Promise<FormDetail> {
    const { client } = await this.active();
    return this.detail(client, await client.setFormPublished(id, published));
  }

  private async detail(client: ApiClient, document: JsonObject): Promise<FormDetail> {
    const id = formId(document);
    const { capabilities, published } = await this.probe(client, id ?? undefined);
    return {
      document,
      published: typeof document.published === 'boolean' ? document.published : published,
      capabilities,
      source: 'network',
      fetchedAt: new Date().toISOString(),
    };
  }

  /**
   * Asks the service for its planned form endpoints (context options; the publication state of
   * `formId`). A 404 or 405 means "not offered" and is remembered for this client; anything else
   * (offline, a broken answer) leaves them unoffered for now and asks again next time.
   */
  private async probe(
    client: ApiClient,
    formIdToAsk: string | undefined,
  ): Promise<{ capabilities: FormCapabilities; published: boolean | null }> {
    const known = this.probed.get(client);
    try {
      const contextOptions = known
        ? known.contextOptions
        : ((await client.getFormContextOptions())?.map(contextOption) ?? null);
      let published: boolean | null = null;
      let publishing = known?.publishing ?? false;
      if (formIdToAsk && (!known || known.publishing)) {
        published = await client.getFormPublication(formIdToAsk);
        // Once offered, a 404 for one form (deleted meanwhile) does not withdraw the offer.
        publishing = publishing || published !== null;
      }
      const capabilities = { contextOptions, publishing };
      if (known || formIdToAsk) this.probed.set(client, capabilities);
      return { capabilities, published };
    } catch (err) {
      this.logger.log(
        'warn',
        `form capabilities not known: ${err instanceof Error ? err.message : String(err)}`,
      );
      return { capabilities: known ?? NOTHING_PLANNED, published: null };
    }
  }
}
