/**
 * /teams: list and get, members resolved from the workspace's users.
 */
import type { SimTeam } from '../data/types';
import { json, notFound } from '../http-util';
import { paged, parsePaging } from '../paging';
import type { Router } from '../router';
import type { ApiContext } from '../state';
import type { WorkspaceState } from '../store';

function teamView(ws: WorkspaceState, t: SimTeam): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    members: t.member_ids.flatMap((id) => {
      const u = ws.user(id);
      return u ? [{ id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname }] : [];
    }),
  };
}

export function registerTeamRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/teams', (ctx) =>
      json(paged(ctx, ctx.ws.data.teams, parsePaging(ctx.query), (t) => teamView(ctx.ws, t))),
    )
    .add('GET', '/teams/:id', (ctx, p) => {
      const team = p.id === undefined ? undefined : ctx.ws.team(p.id);
      if (!team) throw notFound('Team');
      return json({ data: teamView(ctx.ws, team) });
    });
}
