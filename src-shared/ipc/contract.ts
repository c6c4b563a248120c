import { z } from 'zod';
import type { ErrorValue } from '../errors/service-error';
import { channels, type Channel } from './channels';

export { channels, type Channel };

/**
 * The one contract between renderer and main: for every channel in `channels.ts`, the zod schema of
 * its arguments (main validates every call with it) and its result type. The preload builds
 * `window.api` from the channel list; the renderer sees only the derived `PlanDeskApi` type.
 */
export const argSchemas = {
  'app:info': z.tuple([]),
  'workspace:get': z.tuple([]),
  'projects:list': z.tuple([
    z.object({
      page: z.number().int().min(1).max(100_000),
      pageSize: z.number().int().min(1).max(50),
      name: z.string().max(200).optional(),
    }),
  ]),
} satisfies Record<Channel, z.ZodTuple>;

export interface AppInfo {
  version: string;
  demo: boolean;
}

export interface WorkspaceSummary {
  name: string;
  demo: boolean;
}

export interface ProjectRow {
  id: string;
  name: string;
  externalReferenceId: string | null;
  modified: string | null;
  archived: boolean;
}

export interface ProjectPage {
  rows: ProjectRow[];
  page: number;
  totalPages: number | null;
  totalCount: number | null;
}

/** Result type of each channel. */
export interface ChannelResults {
  'app:info': AppInfo;
  'workspace:get': WorkspaceSummary;
  'projects:list': ProjectPage;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorValue };

export type ChannelArgs<C extends Channel> = z.input<(typeof argSchemas)[C]>;

/** `window.api`: one named function per channel. */
export type PlanDeskApi = {
  [C in Channel as (typeof channels)[C]]: (
    ...args: ChannelArgs<C>
  ) => Promise<Result<ChannelResults[C]>>;
};
