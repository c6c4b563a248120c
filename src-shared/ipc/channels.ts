/**
 * The channels the renderer may use, and the name of each one's function on `window.api`. Plain
 * data with no imports: the sandboxed preload bundles this file and nothing heavier.
 * `contract.ts` pairs every channel with its argument schema and result type.
 */
export const channels = {
  'app:info': 'appInfo',
  'app:notices': 'takeNotices',
  'settings:setLanguage': 'setLanguage',
  'settings:setTheme': 'setTheme',
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
  'projects:facts': 'getProjectFacts',
  'estimates:list': 'listEstimates',
  'estimates:get': 'getEstimate',
  'estimates:export': 'exportEstimates',
  'estimates:totals': 'getEstimateTotals',
  'exports:presets': 'listExportPresets',
  'exports:savePreset': 'saveExportPreset',
  'exports:deletePreset': 'deleteExportPreset',
  'exports:defaults': 'documentDefaults',
  'plans:get': 'getPlan',
  'plans:image': 'getPlanImage',
  'plans:exportRooms': 'exportRooms',
  'plans:roomsCosts': 'getRoomsCosts',
  'files:list': 'listFiles',
  'files:upload': 'uploadFiles',
  'files:download': 'downloadFile',
  'files:open': 'openFile',
  'files:showInFolder': 'showFileInFolder',
  'files:preview': 'previewFile',
  'files:delete': 'deleteFile',
  'files:openSaved': 'openSavedFile',
  'files:showSaved': 'showSavedFileInFolder',
  'offline:makeAvailable': 'makeProjectAvailableOffline',
  'offline:status': 'getProjectOfflineStatus',
  'offline:preview': 'previewOfflineCopy',
  'offline:storage': 'getOfflineStorage',
  'offline:clear': 'clearCachedData',
  'offline:unpin': 'removeOfflineCopy',
  'offline:setBudget': 'setOfflineBudget',
  'connection:status': 'getConnectionStatus',
  'connection:syncNow': 'syncNow',
  'outbox:list': 'listWaitingUploads',
  'outbox:remove': 'removeWaitingUpload',
  'outbox:retry': 'retryWaitingUpload',
  'outbox:chooseFileAgain': 'chooseWaitingUploadFileAgain',
  'operations:cancel': 'cancelOperation',
  'forms:list': 'listForms',
  'forms:get': 'getForm',
  'forms:create': 'createForm',
  'forms:update': 'updateForm',
  'forms:duplicate': 'duplicateForm',
  'forms:delete': 'deleteForm',
  'forms:copyTo': 'copyFormToWorkspaces',
  'forms:export': 'exportForm',
  'forms:import': 'importForm',
  'forms:setPublished': 'setFormPublished',
  'teams:list': 'listTeams',
  'workspaces:details': 'getWorkspaceDetails',
  'workspaces:checkConnection': 'checkConnection',
  'workspaces:setActingUser': 'setActingUser',
  'webhook:test': 'testWebhook',
  'updates:status': 'getUpdateStatus',
  'updates:setAutomatic': 'setAutomaticUpdates',
  'updates:install': 'installUpdate',
  'versions:list': 'listEstimateVersions',
  'versions:label': 'labelEstimateVersion',
  'versions:opened': 'estimateOpened',
  'versions:compare': 'compareEstimates',
  'versions:exportChanges': 'exportChangeOrder',
} as const;

export type Channel = keyof typeof channels;

/**
 * Channels only the preload itself calls, never on `window.api`: a page (even one running hostile
 * script) cannot reach them. `files:registerDrop` tells main the path Electron gave a file really
 * dropped on the window, the only paths besides its own open dialog's that main uploads.
 */
export const preloadChannels = ['files:registerDrop'] as const;

export type PreloadChannel = (typeof preloadChannels)[number];
/** Every channel main handles. */
export type MainChannel = Channel | PreloadChannel;

/** Events main sends to the renderer; `window.api.on<Name>(listener)` returns an unsubscribe. */
export const events = {
  'event:progress': 'onProgress',
  'event:workspaceAuthFailed': 'onWorkspaceAuthFailed',
  'event:menuCommand': 'onMenuCommand',
  'event:connectivity': 'onConnectivity',
  'event:update': 'onUpdateStatus',
  'event:connection': 'onConnectionStatus',
  'event:outbox': 'onOutboxChange',
  'event:notices': 'onNotices',
} as const;

export type EventChannel = keyof typeof events;
