/**
 * /workspace: details (the connectivity check) and the webhook URL setting.
 */
import { requireAdmin } from '../auth';
import { generateFileBytes } from '../file-bytes';
import { badRequest, bytes, json, type Reply } from '../http-util';
import type { Router } from '../router';
import type { ApiContext } from '../state';
import { objectBody } from '../validation';

function workspaceView(ctx: ApiContext): Record<string, unknown> {
  const w = ctx.ws.data;
  const owner = ctx.ws.user(w.owner_id);
  return {
    id: w.id,
    name: w.name,
    owner: owner
      ? { id: owner.id, email: owner.email, firstname: owner.firstname, lastname: owner.lastname }
      : null,
    webhook_url: w.webhook_url,
    formats: w.formats,
    logo: ctx.sim.expandBase(w.logo),
  };
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

async function updateWorkspace(ctx: ApiContext): Promise<Reply> {
  requireAdmin(ctx);
  const body = objectBody(await ctx.body());
  if (!('webhook_url' in body)) throw badRequest('webhook_url is required', { webhook_url: ['is required'] });
  const url = body.webhook_url;
  if (url !== null && (typeof url !== 'string' || !isHttpUrl(url))) {
    throw badRequest('webhook_url must be an http(s) URL or null', {
      webhook_url: ['must be an http(s) URL or null'],
    });
  }
  ctx.ws.data.webhook_url = url;
  return json({ data: workspaceView(ctx) });
}

export function registerWorkspaceRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/workspace', (ctx) =>
      json(ctx.sim.variants.unwrappedWorkspace ? workspaceView(ctx) : { data: workspaceView(ctx) }),
    )
    .add('PUT', '/workspace', updateWorkspace)
    // Stored logo and watermark URLs point here (`{base}/workspace/logo.png`), on the service host.
    .add('GET', '/workspace/logo.png', (ctx) =>
      bytes(generateFileBytes('png', `logo/${ctx.ws.data.id}`, 'logo'), 'image/png'),
    )
    .add('GET', '/workspace/watermark.png', (ctx) =>
      bytes(generateFileBytes('png', `watermark/${ctx.ws.data.id}`, 'watermark'), 'image/png'),
    );
}
