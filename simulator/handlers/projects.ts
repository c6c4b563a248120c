/**
 * /projects: list, detail, create, archive, restore.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SimAddress, SimPlan, SimProject, SimStatistics } from '../data/types';
import { isoMicros, isoSeconds } from '../formatting';
import { badRequest, HttpError, isPlainObject, json, notFound, type Reply } from '../http-util';
import { paged, parsePaging } from '../paging';
import type { Router } from '../router';
import type { ApiContext, SimState } from '../state';
import type { WorkspaceState } from '../store';
import { FieldCollector, objectBody } from '../validation';

export function projectListItem(sim: SimState, ws: WorkspaceState, p: SimProject): Record<string, unknown> {
  const assignee = ws.user(p.assignee_id);
  const item: Record<string, unknown> = {
    id: p.id,
    name: p.name,
    external_reference_id: p.external_reference_id,
    thumbnail_url: sim.expandBase(p.thumbnail_url),
    assignee: assignee ? { id: assignee.id, email: assignee.email } : null,
    user_created: p.user_created,
    user_modified: p.user_modified,
    archived_at: p.archived_at,
  };
  if (sim.variants.teamOnProjectListItems) item.team = projectTeam(ws, p);
  return item;
}

function projectTeam(ws: WorkspaceState, p: SimProject): { id: string; name: string } | null {
  const team = p.team_id ? ws.team(p.team_id) : undefined;
  return team ? { id: team.id, name: team.name } : null;
}

export function projectDetail(sim: SimState, ws: WorkspaceState, p: SimProject): Record<string, unknown> {
  const user = ws.user(p.creator_id);
  const a = p.address;
  return {
    ...projectListItem(sim, ws, p),
    plan_id: p.plan.id,
    cloud_url: `${sim.origin}/cloud/projects/${encodeURIComponent(p.id)}`,
    team: projectTeam(ws, p),
    user: user
      ? { id: user.id, email: user.email, firstname: user.firstname, lastname: user.lastname }
      : null,
    address: {
      street: a.street,
      city: a.city,
      country: a.country,
      postal_code: a.postal_code,
      latitude: a.latitude,
      longitude: a.longitude,
    },
  };
}

export function findProject(ctx: ApiContext, id: string | undefined): SimProject {
  const p = id === undefined ? undefined : ctx.ws.project(id);
  if (!p) throw notFound('Project');
  return p;
}

function listProjects(ctx: ApiContext): Reply {
  const paging = parsePaging(ctx.query);
  const ref = ctx.query.get('external_reference_id');
  const name = ctx.query.get('name')?.toLowerCase();
  let items = ctx.ws.data.projects;
  if (ref !== null) items = items.filter((p) => p.external_reference_id === ref);
  if (name) items = items.filter((p) => p.name.toLowerCase().includes(name));
  return json(paged(ctx, items, paging, (p) => projectListItem(ctx.sim, ctx.ws, p)));
}

const ADDRESS_KEYS = ['street', 'city', 'postal_code', 'country'] as const;
const ZERO_STATS: SimStatistics = {
  area: 0,
  perimeter: 0,
  volume: 0,
  walls_surface: 0,
  floor_surface: 0,
  ceiling_surface: 0,
};

/** Stands in for a geocoder: addresses without a postal code "cannot be geocoded". */
function geocode(
  a: Omit<SimAddress, 'latitude' | 'longitude'>,
): { latitude: number; longitude: number } | null {
  if (a.postal_code.trim() === '') return null;
  const h = createHash('sha256').update(`${a.street}|${a.city}|${a.postal_code}|${a.country}`).digest();
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    latitude: round(36 + (h.readUInt16BE(0) / 65535) * 22),
    longitude: round(-9 + (h.readUInt16BE(2) / 65535) * 33),
  };
}

function newPlan(name: string, now: number): SimPlan {
  const id = randomUUID();
  const floorId = randomUUID();
  return {
    id,
    name,
    unit_system: 'metric',
    created: isoSeconds(now),
    modified: isoSeconds(now),
    statistics: { ...ZERO_STATS },
    door_count: 0,
    windows_count: 0,
    floors: [
      {
        id: floorId,
        name: 'Ground Floor',
        level: 0,
        statistics: { ...ZERO_STATS },
        image_map: {
          url: `{base}/plans/${id}/floors/${floorId}/image.png`,
          width: 800,
          height: 600,
          areas: [],
        },
        notes: [],
        values: { ceilingHeight: 2.5, notes: '' },
        rooms: [],
      },
    ],
  };
}

async function createProject(ctx: ApiContext): Promise<Reply> {
  const body = objectBody(await ctx.body());
  const f = new FieldCollector();
  const name = f.requiredString(body, 'name');
  const email = f.requiredString(body, 'email');
  const user = email === undefined ? undefined : ctx.ws.userByEmail(email);
  if (email !== undefined && !user) f.add('email', 'is not a user of this workspace');
  const externalRef = f.optionalString(body, 'external_reference_id');
  const address = { street: '', city: '', postal_code: '', country: '' };
  let addressGiven = false;
  if (body.address !== undefined && body.address !== null) {
    if (!isPlainObject(body.address)) f.add('address', 'must be an object');
    else {
      addressGiven = true;
      for (const key of ADDRESS_KEYS) {
        const v = f.optionalString(body.address, key, `address.${key}`);
        if (v !== undefined) address[key] = v;
      }
    }
  }
  const teamId = f.optionalString(body, 'team_id');
  if (teamId !== undefined && !ctx.ws.team(teamId)) f.add('team_id', 'is not a team of this workspace');
  f.throwIfAny();
  if (name === undefined || user === undefined) throw badRequest('Validation failed');

  const now = ctx.sim.now();
  const coords = addressGiven ? geocode(address) : null;
  const project: SimProject = {
    id: randomUUID(),
    name,
    external_reference_id: externalRef ?? null,
    thumbnail_url: null,
    assignee_id: user.id,
    creator_id: user.id,
    team_id: teamId ?? null,
    user_created: isoMicros(now),
    user_modified: isoMicros(now),
    archived_at: null,
    address: { ...address, latitude: coords?.latitude ?? null, longitude: coords?.longitude ?? null },
    plan: newPlan(name, now),
    estimates: [],
    files: [],
  };
  ctx.ws.addProject(project);
  const data = projectDetail(ctx.sim, ctx.ws, project);
  if ((addressGiven && !coords) || ctx.sim.variants.warnings207) {
    return json({ data, warnings: [{ message: 'Address could not be geocoded' }] }, 207);
  }
  return json({ data }, 201);
}

async function archiveProject(ctx: ApiContext, params: Record<string, string>): Promise<Reply> {
  const project = findProject(ctx, params.id);
  const body = await ctx.body();
  if (body !== undefined) {
    if (!isPlainObject(body)) throw badRequest('Request body must be a JSON object');
    const f = new FieldCollector();
    const acting = f.optionalString(body, 'acting_user');
    f.throwIfAny();
    if (acting !== undefined && !ctx.ws.userByEmail(acting)) {
      throw new HttpError(401, 'acting_user is not a user of this workspace');
    }
  }
  if (project.archived_at !== null) throw badRequest('Project is already archived');
  const now = ctx.sim.now();
  project.archived_at = isoMicros(now);
  project.user_modified = isoMicros(now);
  return json({ data: projectDetail(ctx.sim, ctx.ws, project) });
}

async function restoreProject(ctx: ApiContext, params: Record<string, string>): Promise<Reply> {
  const project = findProject(ctx, params.id);
  await ctx.body(); // read (and reject if malformed) but no fields are defined
  if (project.archived_at === null) throw badRequest('Project is not archived');
  project.archived_at = null;
  project.user_modified = isoMicros(ctx.sim.now());
  return json({ data: projectDetail(ctx.sim, ctx.ws, project) });
}

export function registerProjectRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/projects', listProjects)
    .add('POST', '/projects', createProject)
    .add('GET', '/projects/:id', (ctx, p) =>
      json({ data: projectDetail(ctx.sim, ctx.ws, findProject(ctx, p.id)) }),
    )
    .add('PUT', '/projects/:id/archive', archiveProject)
    .add('PUT', '/projects/:id/restore', restoreProject);
}
