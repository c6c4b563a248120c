/**
 * Path-pattern routing (`/projects/:id/files/:fileId`) with method dispatch.
 */
import type { Reply } from './http-util';

/** Which rate-limit budget a route draws from. */
export type RateClass = 'standard' | 'high';

export interface Route<C> {
  method: string;
  segments: string[];
  rateClass: RateClass;
  handler: (ctx: C, params: Record<string, string>) => Promise<Reply> | Reply;
}

export type RouteMatch<C> =
  | { kind: 'found'; route: Route<C>; params: Record<string, string> }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

function split(path: string): string[] | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  try {
    return trimmed
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null; // bad percent-encoding: no route can match
  }
}

export class Router<C> {
  private readonly routes: Route<C>[] = [];

  add(
    method: string,
    pattern: string,
    handler: Route<C>['handler'],
    rateClass: RateClass = 'standard',
  ): this {
    this.routes.push({ method, segments: pattern.split('/').slice(1), rateClass, handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<C> {
    const parts = split(path);
    if (!parts) return { kind: 'none' };
    const allowed: string[] = [];
    let best: { route: Route<C>; params: Record<string, string>; literals: number } | null = null;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      // A literal segment beats a parameter (`files/temporary-presigned-url` vs `files/:fileId`).
      const literals = route.segments.filter((s) => !s.startsWith(':')).length;
      if (!best || literals > best.literals) best = { route, params, literals };
    }
    if (best) return { kind: 'found', route: best.route, params: best.params };
    if (allowed.length > 0) return { kind: 'method', allowed: [...new Set(allowed)] };
    return { kind: 'none' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const v = parts[i] as string;
    if (p.startsWith(':')) {
      if (v === '') return null;
      params[p.slice(1)] = v;
    } else if (p !== v) {
      return null;
    }
  }
  return params;
}
