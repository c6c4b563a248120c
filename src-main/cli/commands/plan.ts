import type { ApiClient } from '../../api/client';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { json, keyValues } from './projects';

type Rec = Record<string, unknown>;

export async function planCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
): Promise<string> {
  const doc = await client.getPlan(requirePositional(positionals, 0, 'PLAN_ID'));
  if (flags.json) return json(doc);
  if (doc.shape === 'legacy') {
    const p = doc.plan.plan_detail.plan as Rec;
    const formatted = (p.formatted ?? {}) as Rec;
    return keyValues([
      ['Plan', String(p.name ?? doc.plan.plan?.name ?? '')],
      ['Shape', 'legacy (plan_detail)'],
      ['Area', show(formatted.area)],
      ['Perimeter', show(formatted.perimeter)],
      ['Volume', show(formatted.volume)],
      ['Floors', show(p.floor_count)],
      ['Rooms', show(p.room_count)],
      ['Doors', show(p.door_count)],
      ['Windows', show(p.window_count)],
    ]);
  }
  const plan = doc.plan;
  const f = (plan.statistics_formatted ?? {}) as Rec;
  const floors = (plan.floors ?? []) as Rec[];
  const head = keyValues([
    ['Plan', plan.name ?? ''],
    ['ID', plan.id],
    ['Area', show(f.area)],
    ['Perimeter', show(f.perimeter)],
    ['Volume', show(f.volume)],
    ['Wall surface', show(f.walls_surface)],
    ['Doors', show(plan.door_count)],
    ['Windows', show(plan.windows_count)],
  ]);
  const table = renderTable(
    ['Floor', 'Rooms', 'Area', 'Perimeter'],
    floors.map((fl) => {
      const ff = (fl.statistics_formatted ?? {}) as Rec;
      return [
        show(fl.name),
        Array.isArray(fl.rooms) ? fl.rooms.length : '',
        show(ff.area),
        show(ff.perimeter),
      ];
    }),
  );
  return `${head}\n\n${table}`;
}

/** The service's own text where it gave one; "not available" where it gave nothing; never a made-up unit. */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'not available';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
