import type { ApiClient } from '../api/client';
import { toErrorValue } from '../api/errors';
import { argSchemas, type Channel, type ChannelResults, type Result } from '../../src-shared/ipc/contract';

export interface AppContext {
  version: string;
  demo: boolean;
  workspaceName: string;
  client: ApiClient;
}

type Handlers = { [C in Channel]: (...args: never[]) => Promise<ChannelResults[C]> };

/** The main-process side of every channel, free of Electron so tests can call it directly. */
export function createHandlers(ctx: AppContext): Handlers {
  return {
    'app:info': async () => ({ version: ctx.version, demo: ctx.demo }),
    'workspace:get': async () => ({ name: ctx.workspaceName, demo: ctx.demo }),
    'projects:list': async (query: { page: number; pageSize: number; name?: string }) => {
      const page = await ctx.client.listProjects(query);
      return {
        rows: page.items.map((p) => ({
          id: p.id,
          name: p.name,
          externalReferenceId: p.external_reference_id,
          modified: p.user_modified ?? null,
          archived: Boolean(p.archived_at),
        })),
        page: page.pageInfo.page,
        totalPages: page.pageInfo.totalPages,
        totalCount: page.pageInfo.totalCount,
      };
    },
  };
}

/** Validates the arguments against the contract, runs the handler, and wraps the outcome. */
export async function dispatch<C extends Channel>(
  handlers: Handlers,
  channel: C,
  args: unknown[],
): Promise<Result<ChannelResults[C]>> {
  const parsed = argSchemas[channel].safeParse(args);
  if (!parsed.success) {
    return { ok: false, error: { kind: 'validation', message: `Invalid arguments for ${channel}.` } };
  }
  try {
    const handler = handlers[channel] as (...a: unknown[]) => Promise<ChannelResults[C]>;
    return { ok: true, data: await handler(...(parsed.data as unknown[])) };
  } catch (err) {
    return { ok: false, error: toErrorValue(err) };
  }
}
