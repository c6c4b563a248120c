import {
  argSchemas,
  type ChannelResults,
  type MainChannel,
  type Result,
} from '../../src-shared/ipc/contract';
import type { z } from 'zod';
import type { Emit } from '../app/events';
import type { MainServices } from '../app/services';
import { ServiceError, toErrorValue } from '../errors/service-error';

type Handlers = {
  [C in MainChannel]: (...args: z.output<(typeof argSchemas)[C]>) => Promise<ChannelResults[C]>;
};

/**
 * Channels that check credentials the user is typing (or manage the list itself): a 401 there is
 * about that input, not a sign that the active workspace's stored key was revoked.
 */
const OWN_CREDENTIALS: ReadonlySet<MainChannel> = new Set<MainChannel>([
  'workspaces:list',
  'workspaces:add',
  'workspaces:switch',
  'workspaces:remove',
  'workspaces:replaceKey',
  // A 401 while checking a new acting user is about that user, not the stored key.
  'workspaces:setActingUser',
]);

/**
 * The main-process side of every channel. Free of Electron: the IPC layer, and the e2e harness
 * (Playwright's exposeBinding), both call exactly these.
 */
export function createHandlers(s: MainServices): Handlers {
  const appInfo = async () => ({
    version: s.version,
    language: await s.workspaces.uiLanguage(),
    platform: s.platform,
    theme: await s.appearance.theme(),
  });
  return {
    'app:info': appInfo,
    'app:notices': () => s.takeNotices(),
    'settings:setLanguage': async (language) => {
      await s.workspaces.setLanguage(language);
      return appInfo();
    },
    'settings:setTheme': async (theme) => {
      await s.appearance.setTheme(theme);
      return appInfo();
    },
    'workspaces:list': () => s.workspaces.list(),
    'workspaces:add': async (input) => s.workspaces.add(input),
    'workspaces:switch': (id) => s.workspaces.switchTo(id),
    'workspaces:remove': (id) => s.workspaces.remove(id),
    'workspaces:replaceKey': (id, key) => s.workspaces.replaceKey(id, key),
    'workspaces:settings': () => s.workspaceSettings.get(),
    'workspaces:setWebhook': ({ url }) => s.workspaceSettings.setWebhook(url),
    'projects:list': (query) => s.projects.list(query),
    'projects:get': (id) => s.projects.get(id),
    'projects:findByReference': (ref) => s.projects.findByReference(ref),
    'projects:create': (input) => s.projects.create(input),
    'projects:archive': (id) => s.projects.archive(id),
    'projects:restore': (id) => s.projects.restore(id),
    'projects:facts': ({ projectIds, operationId }) => s.projectFacts.fetch(projectIds, operationId),
    'offline:makeAvailable': ({ projectId, operationId, keepFiles }) =>
      s.offline.makeAvailable(projectId, operationId, keepFiles ?? false),
    'offline:status': (projectId) => s.offline.status(projectId),
    'offline:preview': ({ projectId }) => s.offline.preview(projectId),
    'offline:storage': () => s.storage.report(),
    'offline:clear': ({ workspaceId, includePinned }) => s.storage.clear(workspaceId, includePinned),
    'offline:unpin': ({ workspaceId, projectId }) => s.storage.unpin(workspaceId, projectId),
    'offline:setBudget': ({ megabytes }) => s.storage.setBudget(megabytes),
    'connection:status': () => s.connection.status(),
    'connection:syncNow': () => s.connection.syncNow(),
    'outbox:list': async ({ projectId }) => s.outbox.list((await s.workspaces.activeMeta()).id, projectId),
    'outbox:remove': async ({ id }) => {
      await s.outbox.remove((await s.workspaces.activeMeta()).id, id);
      return { removed: true as const };
    },
    'outbox:retry': async ({ id }) => {
      s.outbox.retry((await s.workspaces.activeMeta()).id, id);
      return { retried: true as const };
    },
    'outbox:chooseFileAgain': ({ id }) => s.files.chooseFileAgain(id),
    'estimates:list': ({ projectId }) => s.estimates.list(projectId),
    'estimates:get': ({ projectId, estimateId, operationId }) =>
      s.estimates.get(projectId, estimateId, operationId),
    'estimates:export': async (request) => s.files.saved.remembered(await s.exports.estimates(request)),
    'estimates:totals': ({ projectId, estimates, operationId }) =>
      s.estimates.totals(projectId, estimates, operationId),
    'exports:presets': () => s.presets.list(),
    'exports:savePreset': (preset) => s.presets.save(preset),
    'exports:deletePreset': (id) => s.presets.remove(id),
    'exports:defaults': (request) => s.exports.defaults(request),
    'plans:get': ({ planId }) => s.plans.get(planId),
    'plans:image': ({ planId, url }) => s.plans.image(planId, url),
    'plans:exportRooms': async (request) => s.files.saved.remembered(await s.exports.rooms(request)),
    'plans:roomsCosts': (request) => s.roomsCosts.get(request),
    'files:list': ({ projectId }) => s.files.listView(projectId),
    'files:upload': ({ projectId, paths, operationId }) => s.files.upload(projectId, paths, operationId),
    'files:download': ({ projectId, fileId, operationId }) =>
      s.files.download(projectId, fileId, operationId),
    'files:open': ({ projectId, fileId, operationId }) => s.files.open(projectId, fileId, operationId),
    'files:showInFolder': ({ projectId, fileId, operationId }) =>
      s.files.showInFolder(projectId, fileId, operationId),
    'files:preview': ({ projectId, fileId, operationId }) => s.files.preview(projectId, fileId, operationId),
    // The preload reports a real drop on a project's files view as it happens: one upload into that
    // project of the workspace active now (UploadGrants).
    'files:registerDrop': async (filePaths, projectId) => ({
      registered: s.uploadGrants.grantDrop(filePaths, {
        workspaceId: (await s.workspaces.activeMeta()).id,
        projectId,
      }),
    }),
    'files:delete': ({ projectId, fileId }) => s.files.delete(projectId, fileId),
    'files:openSaved': ({ path }) => s.files.saved.open(path),
    'files:showSaved': ({ path }) => s.files.saved.showInFolder(path),
    'operations:cancel': async (id) => ({ cancelled: s.operations.cancel(id) }),
    'forms:list': () => s.forms.list(),
    'forms:get': ({ id }) => s.forms.get(id),
    'forms:create': ({ document }) => s.forms.create(document),
    'forms:update': ({ id, changes }) => s.forms.update(id, changes),
    'forms:duplicate': ({ id, name }) => s.forms.duplicate(id, name),
    'forms:delete': ({ id }) => s.forms.remove(id),
    'forms:copyTo': ({ id, workspaceIds }) => s.forms.copyTo(id, workspaceIds),
    'forms:export': async ({ id }) => s.files.saved.remembered(await s.forms.exportToFile(id)),
    'forms:import': () => s.forms.importFromFile(),
    'forms:setPublished': ({ id, published }) => s.forms.setPublished(id, published),
    'teams:list': () => s.teams.list(),
    'workspaces:details': () => s.workspaceSettings.details(),
    'workspaces:checkConnection': () => s.workspaceSettings.checkConnection(),
    'workspaces:setActingUser': async ({ actingUser }) =>
      s.workspaces.setActingUser((await s.workspaces.activeMeta()).id, actingUser),
    'webhook:test': (request) => s.webhookTest.test(request),
    'updates:status': async () => s.updates.status(),
    'updates:setAutomatic': (automatic) => s.updates.setAutomatic(automatic),
    'updates:install': async () => ({ restarting: await s.updates.install() }),
    'versions:list': ({ projectId, estimateId }) => s.versions.timeline(projectId, estimateId),
    'versions:label': ({ projectId, estimateId, versionId, name, pinned }) =>
      s.versions.label(projectId, estimateId, versionId, name, pinned),
    'versions:opened': ({ projectId, estimateId, seenAt }) =>
      s.versions.opened(projectId, estimateId, seenAt),
    'versions:compare': ({ projectId, from, to, includeUnchanged, operationId }) =>
      s.versions.compare(projectId, from, to, includeUnchanged, operationId),
    'versions:exportChanges': async (request) =>
      s.files.saved.remembered(await s.exports.changeOrder(request)),
  };
}

/**
 * Validates the arguments against the contract, runs the handler, and wraps the outcome. A 401 on a
 * real workspace marks its key as rejected and tells the renderer, which asks for a new key: this
 * event is the one signal of a rejected key.
 */
export async function dispatch<C extends MainChannel>(
  s: MainServices,
  handlers: Handlers,
  emit: Emit,
  channel: C,
  args: unknown[],
): Promise<Result<ChannelResults[C]>> {
  const parsed = argSchemas[channel].safeParse(args);
  if (!parsed.success) {
    return { ok: false, error: { kind: 'validation', message: `Invalid arguments for ${channel}.` } };
  }
  const activeBefore = OWN_CREDENTIALS.has(channel)
    ? null
    : await s.workspaces.activeMeta().catch(() => null);
  try {
    const handler = handlers[channel] as (...a: unknown[]) => Promise<ChannelResults[C]>;
    return { ok: true, data: await handler(...(parsed.data as unknown[])) };
  } catch (err) {
    if (err instanceof ServiceError && err.kind === 'auth' && activeBefore && !activeBefore.demo) {
      s.workspaces.markKeyRejected(activeBefore.id);
      emit('event:workspaceAuthFailed', { workspaceId: activeBefore.id });
    }
    if (!(err instanceof ServiceError))
      s.logger.log('error', `${channel} failed: ${(err as Error)?.stack ?? String(err)}`);
    return { ok: false, error: toErrorValue(err) };
  }
}

/** Answers one call of a channel with its arguments (checked against the contract first). */
export type Dispatch = ReturnType<typeof createDispatcher>;

export function createDispatcher(s: MainServices, emit: Emit) {
  const handlers = createHandlers(s);
  return <C extends MainChannel>(channel: C, args: unknown[]) => dispatch(s, handlers, emit, channel, args);
}
