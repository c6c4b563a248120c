/**
 * The service's authentication: `customer` + `key` headers name one workspace; an optional
 * `acting_user` header narrows permissions to that user's.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SimUser } from './data/types';
import { HttpError } from './http-util';
import type { ApiContext } from './state';
import type { Store, WorkspaceState } from './store';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(store: Store, headers: IncomingHttpHeaders): WorkspaceState {
  const customer = header(headers, 'customer');
  const key = header(headers, 'key');
  if (!customer || !key) throw new HttpError(401, 'Missing customer or key header');
  const ws = store.workspaceByCustomer(customer);
  // Same answer for unknown customer and wrong key: a caller learns nothing about which was wrong.
  if (!ws || !sameSecret(ws.data.key, key)) throw new HttpError(401, 'Invalid customer or key');
  if (ws.revoked) throw new HttpError(401, 'API key has been revoked');
  return ws;
}

export function actingUser(ws: WorkspaceState, headers: IncomingHttpHeaders): SimUser | null {
  const email = header(headers, 'acting_user');
  if (email === undefined) return null;
  const user = ws.userByEmail(email.trim());
  if (!user) throw new HttpError(401, 'acting_user is not a user of this workspace');
  return user;
}

/** Workspace settings and form definitions: refused for an acting user who is not an admin. */
export function requireAdmin(ctx: ApiContext): void {
  if (ctx.actingUser && ctx.actingUser.role !== 'admin') {
    throw new HttpError(401, 'acting_user lacks permission for this operation');
  }
}
