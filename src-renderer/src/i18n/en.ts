/**
 * English UI text: the source of every message key. Other languages are typed `Messages`, so a
 * missing or extra key is a compile error. `{name}` marks a parameter; keys ending in `_one` /
 * `_other` are plural forms chosen with `Intl.PluralRules`.
 */
export const en = {
  'app.name': 'PlanDesk',
  'app.loading': 'Starting PlanDesk…',
  'app.startFailed': 'PlanDesk could not start.',
  'app.noApi': 'This page only works inside the PlanDesk app.',

  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.ok': 'OK',
  'common.dismiss': 'Dismiss',
  'common.retry': 'Try again',
  'common.optional': 'optional',
  'common.demo': 'Demo',
  'common.notSet': 'Not set',
  'common.fixFields': 'Check the highlighted fields.',

  'header.workspace': 'Workspace',
  'header.switchWorkspace': 'Switch workspace',
  'header.addWorkspace': 'Add workspace',
  'header.language': 'Language',

  'workspaces.menuLabel': 'Workspaces',
  'workspaces.active': 'Active workspace',
  'workspaces.keyNeeded': 'Key needed',
  'workspaces.customer': 'Customer ID {customer}',
  'workspaces.remove': 'Remove “{name}” from this computer…',
  'workspaces.demoBanner':
    'You are looking at the demo workspace — add your own workspace to work with real data',
  'workspaces.keyBanner': 'The service no longer accepts the key for {name}.',
  'workspaces.keyBannerAction': 'Enter a new key',

  'addWorkspace.title': 'Add workspace',
  'addWorkspace.intro':
    'Use the customer ID and API key that a workspace admin created in the service’s dashboard under API and Integrations.',
  'addWorkspace.customer': 'Customer ID',
  'addWorkspace.key': 'API key',
  'addWorkspace.keyHint': 'Kept in your system keychain, never in a file.',
  'addWorkspace.baseUrl': 'Service address',
  'addWorkspace.baseUrlHint': 'The address your service provider gave you, usually ending in /api/v2.',
  'addWorkspace.actingUser': 'Acting user e-mail',
  'addWorkspace.actingUserHint': 'Requests then run with this user’s permissions.',
  'addWorkspace.language': 'Language of the service’s answers',
  'addWorkspace.submit': 'Add workspace',
  'addWorkspace.checking': 'Checking the credentials with the service…',
  'addWorkspace.errCustomer': 'Enter the customer ID.',
  'addWorkspace.errKey': 'Enter the API key.',
  'addWorkspace.errBaseUrl': 'Enter the service address.',
  'addWorkspace.errBaseUrlHttps': 'Enter a full address starting with https://.',
  'addWorkspace.errActingUser': 'Enter a valid e-mail address, or leave this field empty.',

  'removeWorkspace.title': 'Remove workspace',
  'removeWorkspace.body':
    'Remove “{name}” from this computer? Its stored API key and its offline data are deleted from this computer. The projects in the service are not affected.',
  'removeWorkspace.confirm': 'Remove workspace',

  'replaceKey.title': 'Enter a new key',
  'replaceKey.body': 'The service no longer accepts the key for {name}. Enter a new key.',
  'replaceKey.explain':
    'A workspace admin can create a new key in the service’s dashboard under API and Integrations. Nothing else is lost: settings and offline data stay as they are.',
  'replaceKey.key': 'New API key',
  'replaceKey.submit': 'Save key',
  'replaceKey.checking': 'Checking the new key with the service…',
  'replaceKey.later': 'Later',

  'progress.label': 'Progress',
  'progress.working': 'Working…',
  'progress.loadingProjects': 'Loading projects…',
  'progress.sortingProjects': 'Loading all projects to sort them…',
  'progress.count': '{done} of {total}',
  'progress.countUnknown': '{done} loaded',
  'progress.cancel': 'Cancel',

  'projects.title': 'Projects',
  'projects.search': 'Search by name',
  'projects.searchPlaceholder': 'Search by name…',
  'projects.refFilter': 'External reference',
  'projects.refFilterPlaceholder': 'Exact reference',
  'projects.pageSize': 'Rows per page',
  'projects.new': 'New project',
  'projects.serviceOrder': 'Service order',
  'projects.serviceOrderHint': 'Show the projects in the service’s own order',
  'projects.clearFilters': 'Clear filters',
  'projects.colName': 'Name',
  'projects.colRef': 'External reference',
  'projects.colModified': 'Modified',
  'projects.colCreated': 'Created',
  'projects.colStatus': 'Status',
  'projects.sortBy': 'Sort by {column}',
  'projects.archived': 'Archived',
  'projects.loading': 'Loading projects…',
  'projects.empty': 'This workspace has no projects yet.',
  'projects.emptyFiltered': 'No projects match the search and filters.',
  'projects.cancelled': 'Loading was cancelled. The list still shows the previous result.',
  'projects.pageOf': 'Page {page} of {pages}',
  'projects.pageOnly': 'Page {page}',
  'projects.count_one': '{count} project',
  'projects.count_other': '{count} projects',
  'projects.prev': 'Previous',
  'projects.next': 'Next',
  'projects.pager': 'Pages',
  'projects.tableLabel': 'Projects of this workspace',

  'detail.label': 'Project details',
  'detail.close': 'Close details',
  'detail.loading': 'Loading details…',
  'detail.id': 'Project ID',
  'detail.ref': 'External reference',
  'detail.plan': 'Plan ID',
  'detail.team': 'Team',
  'detail.address': 'Address',
  'detail.created': 'Created',
  'detail.modified': 'Modified',
  'detail.assignee': 'Assignee',
  'detail.archivedAt': 'Archived on',
  'detail.archive': 'Archive',
  'detail.restore': 'Restore',
  'detail.archiving': 'Archiving…',
  'detail.restoring': 'Restoring…',
  'detail.isArchived': 'This project is archived. Restore it to work with it again.',

  'archive.title': 'Archive project',
  'archive.body': 'Archive “{name}”? Archived projects stay in the service and can be restored at any time.',
  'archive.confirm': 'Archive project',

  'create.title': 'New project',
  'create.name': 'Project name',
  'create.ref': 'External reference',
  'create.refHint': 'Your own project number, for example from your ERP. Links and finds the project later.',
  'create.email': 'E-mail of a workspace user',
  'create.emailHint': 'The user of this workspace the project is created for.',
  'create.address': 'Address',
  'create.street': 'Street',
  'create.postal': 'Postal code',
  'create.city': 'City',
  'create.country': 'Country',
  'create.submit': 'Create project',
  'create.checking': 'Looking for existing projects with this reference…',
  'create.creating': 'Creating the project…',
  'create.metered': 'Each project you create counts towards your workspace’s usage.',
  'create.errName': 'Enter a project name.',
  'create.errEmail': 'Enter the e-mail of a workspace user.',
  'create.errEmailFormat': 'This does not look like an e-mail address.',

  'duplicate.title': 'A project with this reference already exists',
  'duplicate.body_one': 'The service already has {count} project with the reference “{ref}”.',
  'duplicate.body_other': 'The service already has {count} projects with the reference “{ref}”.',
  'duplicate.choose': 'Project to open',
  'duplicate.open': 'Open existing project',
  'duplicate.createAnyway': 'Create anyway',

  'created.title': 'Project “{name}” was created.',
  'created.syncNote': 'The project reaches users’ devices only after they sync.',
  'created.warningsTitle': 'The service created the project with these remarks:',

  'error.auth':
    'The service did not accept the credentials of this workspace: the customer ID or API key is wrong or was revoked, or the acting user lacks permission.',
  'error.not-found':
    'The service could not find what was asked for. It may have been deleted, or the service address may be wrong.',
  'error.validation': 'The service did not accept the data. Check the entries and try again.',
  'error.rate-limit':
    'The service is receiving too many requests from this workspace. Wait a minute, then try again.',
  'error.server': 'The service had an internal problem. Try again in a moment.',
  'error.network':
    'PlanDesk could not reach the service. Check the internet connection and the service address.',
  'error.invalid-response':
    'The service sent an answer PlanDesk could not read. Try again; if it keeps happening, contact your service provider.',
  'error.cancelled': 'The operation was cancelled.',
  'error.config':
    'The workspace settings are incomplete or invalid. Check the service address and the credentials.',
  'error.keychain':
    'PlanDesk could not use the system keychain to store or read the API key: it is locked or unavailable. Unlock it (macOS: Keychain Access; Windows: sign in to your user account again; Linux: unlock the “login” keyring, for example in Passwords and Keys) and try again. PlanDesk never stores keys in plain text.',
  'error.details': 'Details: {message}',
} satisfies Record<string, string>;

export type MessageKey = keyof typeof en;
/** The shape every translation must have: exactly the keys of `en`, each a string. */
export type Messages = Record<MessageKey, string>;
