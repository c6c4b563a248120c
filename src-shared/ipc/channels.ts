/**
 * The channels the renderer may use, and the name of each one's function on `window.api`. Plain
 * data with no imports: the sandboxed preload bundles this file and nothing heavier.
 * `contract.ts` pairs every channel with its argument schema and result type.
 */
export const channels = {
  'app:info': 'appInfo',
  'workspace:get': 'getWorkspace',
  'projects:list': 'listProjects',
} as const;

export type Channel = keyof typeof channels;
