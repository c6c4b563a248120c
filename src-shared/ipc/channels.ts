/**
 * The channels the renderer may use, and the name of each one's function on `window.api`. Plain
 * data with no imports: the sandboxed preload bundles this file and nothing heavier.
 * `contract.ts` pairs every channel with its argument schema and result type.
 */
export const channels = {
  'app:info': 'appInfo',
  'app:notices': 'takeNotices',
  'settings:setLanguage': 'setLanguage',
  'workspaces:list': 'listWorkspaces',
  'workspaces:add': 'addWorkspace',
  'workspaces:switch': 'switchWorkspace',
  'workspaces:remove': 'removeWorkspace',
  'workspaces:replaceKey': 'replaceWorkspaceKey',
  'workspaces:settings': 'getWorkspaceSettings',
  'workspaces:setWebhook': 'setWebhookUrl',
  'projects:list': 'listProjects',
  'projects:get': 'getProject',
  'projects:findByReference': 'findProjectsByReference',
  'projects:create': 'createProject',
  'projects:archive': 'archiveProject',
  'projects:restore': 'restoreProject',
  'estimates:list': 'listEstimates',
  'estimates:get': 'getEstimate',
  'estimates:export': 'exportEstimates',
  'plans:get': 'getPlan',
  'plans:image': 'getPlanImage',
  'plans:exportRooms': 'exportRooms',
  'files:list': 'listFiles',
  'files:upload': 'uploadFiles',
  'files:download': 'downloadFile',
  'files:open': 'openFile',
  'files:preview': 'previewFile',
  'files:delete': 'deleteFile',
  'offline:makeAvailable': 'makeProjectAvailableOffline',
  'offline:status': 'getProjectOfflineStatus',
  'operations:cancel': 'cancelOperation',
  'updates:status': 'getUpdateStatus',
  'updates:setAutomatic': 'setAutomaticUpdates',
  'updates:install': 'installUpdate',
} as const;

export type Channel = keyof typeof channels;

/** Events main sends to the renderer; `window.api.on<Name>(listener)` returns an unsubscribe. */
export const events = {
  'event:progress': 'onProgress',
  'event:workspaceAuthFailed': 'onWorkspaceAuthFailed',
  'event:menuCommand': 'onMenuCommand',
  'event:connectivity': 'onConnectivity',
  'event:update': 'onUpdateStatus',
} as const;

export type EventChannel = keyof typeof events;
