/**
 * /plans: plan detail (new shape or the legacy live shape), floor/room images, plan export files.
 */
import type { SimFloor, SimImageMap, SimObject, SimPlan, SimProject, SimRoom } from '../data/types';
import { formatDimensions, formatStatistics, type Locale } from '../formatting';
import { badRequest, bytes, json, notFound, type Reply } from '../http-util';
import { renderPlanPng, type Box } from '../png';
import type { Router } from '../router';
import type { ApiContext, SimState } from '../state';
import type { WorkspaceState } from '../store';
import { fileJson } from './files';

function findPlan(ctx: ApiContext, planId: string | undefined): SimProject {
  const project = planId === undefined ? undefined : ctx.ws.projectByPlanId(planId);
  if (!project) throw notFound('Plan');
  return project;
}

function imageMap(sim: SimState, m: SimImageMap): SimImageMap {
  return { ...m, url: sim.expandBase(m.url) };
}

function roomView(sim: SimState, plan: SimPlan, r: SimRoom, locale: Locale): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    statistics: r.statistics,
    statistics_formatted: formatStatistics(r.statistics, plan.unit_system, locale),
    image_map: imageMap(sim, r.image_map),
    notes: r.notes,
    formatted_dimensions: formatDimensions(r.dimensions, plan.unit_system, locale),
    walls: r.walls,
    values: r.values,
    objects: r.objects,
  };
}

function floorView(sim: SimState, plan: SimPlan, f: SimFloor, locale: Locale): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    level: f.level,
    statistics: f.statistics,
    statistics_formatted: formatStatistics(f.statistics, plan.unit_system, locale),
    image_map: imageMap(sim, f.image_map),
    notes: f.notes,
    values: f.values,
    rooms: f.rooms.map((r) => roomView(sim, plan, r, locale)),
  };
}

export function planView(sim: SimState, project: SimProject, locale: Locale): Record<string, unknown> {
  const plan = project.plan;
  return {
    id: plan.id,
    name: plan.name,
    project_id: project.id,
    unit_system: plan.unit_system,
    created: plan.created,
    modified: plan.modified,
    statistics: plan.statistics,
    statistics_formatted: formatStatistics(plan.statistics, plan.unit_system, locale),
    door_count: plan.door_count,
    windows_count: plan.windows_count,
    floors: plan.floors.map((f) => floorView(sim, plan, f, locale)),
  };
}

function xmlAttr(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function planXml(plan: SimPlan): string {
  const floors = plan.floors
    .map((f) => {
      const rooms = f.rooms.map((r) => `<room uid="${xmlAttr(r.id)}" name="${xmlAttr(r.name)}"/>`).join('');
      return `<floor uid="${xmlAttr(f.id)}" name="${xmlAttr(f.name)}" level="${f.level}">${rooms}</floor>`;
    })
    .join('');
  return `<plan uid="${xmlAttr(plan.id)}" name="${xmlAttr(plan.name)}">${floors}</plan>`;
}

/** A figure in the plan's unit system, as the legacy `formatted{…}` strings write it. */
function legacyFormatted(
  figures: Record<string, number>,
  plan: SimPlan,
  locale: Locale,
): Record<string, string> {
  return formatStatistics(figures, plan.unit_system, locale);
}

/** A door, window or piece of furniture the legacy way: plain figures, with `formatted` strings. */
function legacyItem(o: SimObject, plan: SimPlan, locale: Locale): Record<string, unknown> {
  const v = o.values as { width?: number; height?: number; depth?: number };
  const figures: Record<string, number> = {};
  for (const k of ['width', 'height', 'depth'] as const) if (typeof v[k] === 'number') figures[k] = v[k];
  return {
    uid: o.uid,
    symbol_id: o.symbol_id,
    name: o.name,
    type: o.category,
    ...figures,
    formatted: legacyFormatted(figures, plan, locale),
  };
}

function legacyRoom(r: SimRoom, plan: SimPlan, locale: Locale): Record<string, unknown> {
  const openings = r.objects
    .filter((o) => o.category === 'door' || o.category === 'window')
    .reduce((sum, o) => {
      const v = o.values as { width: number; height: number };
      return sum + v.width * v.height;
    }, 0);
  const figures = {
    area: r.statistics.area,
    perimeter: r.statistics.perimeter,
    height: r.values.ceilingHeight,
    volume: r.statistics.volume,
    walls_surface: r.statistics.walls_surface,
    openings_surface: Math.round(openings * 100) / 100,
  };
  return {
    uid: r.id,
    name: r.name,
    room_type: r.values.roomType,
    dimensions: r.dimensions,
    ...figures,
    formatted: {
      ...legacyFormatted(figures, plan, locale),
      dimensions: formatDimensions(r.dimensions, plan.unit_system, locale),
    },
    wall_items: r.objects
      .filter((o) => o.category === 'door' || o.category === 'window')
      .map((o) => legacyItem(o, plan, locale)),
    furnitures: r.objects.filter((o) => o.category === 'furniture').map((o) => legacyItem(o, plan, locale)),
  };
}

function legacyFloor(f: SimFloor, plan: SimPlan, locale: Locale): Record<string, unknown> {
  const figures = { area: f.statistics.area, perimeter: f.statistics.perimeter };
  return {
    uid: f.id,
    name: f.name,
    level: f.level,
    ...figures,
    formatted: legacyFormatted(figures, plan, locale),
    rooms: f.rooms.map((r) => legacyRoom(r, plan, locale)),
  };
}

function legacyPlanView(ws: WorkspaceState, project: SimProject, locale: Locale): Record<string, unknown> {
  const plan = project.plan;
  const rooms = plan.floors.flatMap((f) => f.rooms);
  const creator = ws.user(project.creator_id);
  const formatted = formatStatistics(plan.statistics, plan.unit_system, locale);
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      address: project.address,
      created_by: creator
        ? { id: creator.id, email: creator.email, firstname: creator.firstname, lastname: creator.lastname }
        : null,
    },
    plan_detail: {
      plan: {
        uid: plan.id,
        name: plan.name,
        notes: plan.floors.flatMap((f) => f.notes).join('\n'),
        formatted: {
          area: formatted.area,
          perimeter: formatted.perimeter,
          volume: formatted.volume,
          walls_surface: formatted.walls_surface,
        },
        area: plan.statistics.area,
        perimeter: plan.statistics.perimeter,
        wall_count: rooms.reduce((n, r) => n + r.walls.length, 0),
        door_count: plan.door_count,
        window_count: plan.windows_count,
        floor_count: plan.floors.length,
        room_count: rooms.length,
        floors: plan.floors.map((f) => legacyFloor(f, plan, locale)),
      },
    },
    xml: planXml(plan),
  };
}

function boxOf(coords: number[]): Box | null {
  const xs = coords.filter((_, i) => i % 2 === 0);
  const ys = coords.filter((_, i) => i % 2 === 1);
  if (xs.length === 0 || ys.length === 0) return null;
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

// Pictures are deterministic, so the few most recent are kept rather than redrawn.
const imageCache = new Map<string, Buffer>();
function cachedImage(key: string, draw: () => Buffer): Buffer {
  let png = imageCache.get(key);
  if (png) {
    imageCache.delete(key);
  } else {
    png = draw();
    if (imageCache.size >= 64) imageCache.delete(imageCache.keys().next().value as string);
  }
  imageCache.set(key, png);
  return png;
}

function floorImage(ctx: ApiContext, p: Record<string, string>): Reply {
  const project = findPlan(ctx, p.planId);
  const floor = project.plan.floors.find((f) => f.id === p.floorId);
  if (!floor) throw notFound('Floor');
  const { width, height, areas } = floor.image_map;
  const png = cachedImage(`${ctx.ws.data.id}/${floor.id}`, () =>
    renderPlanPng(
      width,
      height,
      areas.map((a) => boxOf(a.coords)).filter((b): b is Box => b !== null),
      floor.name,
    ),
  );
  return bytes(png, 'image/png');
}

function roomImage(ctx: ApiContext, p: Record<string, string>): Reply {
  const project = findPlan(ctx, p.planId);
  const floors = p.floorId ? project.plan.floors.filter((f) => f.id === p.floorId) : project.plan.floors;
  const room = floors.flatMap((f) => f.rooms).find((r) => r.id === p.roomId);
  if (!room) throw notFound('Room');
  const { width, height } = room.image_map;
  const png = cachedImage(`${ctx.ws.data.id}/${room.id}`, () =>
    renderPlanPng(
      width,
      height,
      [{ x0: width * 0.1, y0: height * 0.1, x1: width * 0.9, y1: height * 0.9 }],
      room.name,
    ),
  );
  return bytes(png, 'image/png');
}

/** Live shape `{files, photos}` (not enveloped); only export files belong to the plan. */
function planFiles(ctx: ApiContext, p: Record<string, string>): Reply {
  const project = findPlan(ctx, p.planId);
  const formats = [...ctx.query.getAll('format[]'), ...ctx.query.getAll('format')];
  if (formats.length !== 1 || !formats[0]) {
    throw badRequest('Exactly one format is required per call', {
      'format[]': ['exactly one format is required'],
    });
  }
  const wanted = formats[0].toLowerCase();
  const files = project.files
    .filter((f) => f.origin === 'export' && f.file_type.toLowerCase() === wanted)
    .map((f) => {
      const j = fileJson(ctx.sim, ctx.ws, project.id, f);
      return {
        name: j.name,
        folder: 'export',
        url: j.url,
        last_modified: j.created,
        size: j.size,
        file_type: j.file_type,
      };
    });
  return json({ files, photos: [] });
}

export function registerPlanRoutes(router: Router<ApiContext>): void {
  router
    .add(
      'GET',
      '/plans/get/:planId',
      (ctx, p) => {
        const project = findPlan(ctx, p.planId);
        if (ctx.sim.variants.legacyPlanShape)
          return json({ data: legacyPlanView(ctx.ws, project, ctx.locale) });
        return json({ data: planView(ctx.sim, project, ctx.locale) });
      },
      'high',
    )
    .add('GET', '/plans/:planId/files', planFiles)
    .add('GET', '/plans/:planId/floors/:floorId/image.png', floorImage, 'high')
    .add('GET', '/plans/:planId/floors/:floorId/rooms/:roomId/image.png', roomImage, 'high')
    .add('GET', '/plans/:planId/rooms/:roomId/image.png', roomImage, 'high');
}
