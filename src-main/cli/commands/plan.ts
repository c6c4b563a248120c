import type { ApiClient } from '../../api/client';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { json, keyValues } from './projects';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';

type Rec = Record<string, unknown>;

export async function planCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const show = (v: unknown): string => showValue(v, t);
  const doc = await client.getPlan(requirePositional(positionals, 0, 'PLAN_ID'));
  if (flags.json) return json(doc);
  if (doc.shape === 'legacy') {
    const p = doc.plan.plan_detail.plan as Rec;
    const formatted = (p.formatted ?? {}) as Rec;
    return keyValues([
      [t('cli.plan'), String(p.name ?? doc.plan.plan?.name ?? '')],
      [t('cli.shape'), t('cli.legacyShape')],
      [t('plan.stat.area'), show(formatted.area)],
      [t('plan.stat.perimeter'), show(formatted.perimeter)],
      [t('plan.stat.volume'), show(formatted.volume)],
      [t('plan.floorCount'), show(p.floor_count)],
      [t('plan.rooms'), show(p.room_count)],
      [t('plan.doorCount'), show(p.door_count)],
      [t('plan.windowCount'), show(p.window_count)],
    ]);
  }
  const plan = doc.plan;
  const f = (plan.statistics_formatted ?? {}) as Rec;
  const floors = (plan.floors ?? []) as Rec[];
  const head = keyValues([
    [t('cli.plan'), plan.name ?? ''],
    [t('cli.id'), plan.id],
    [t('plan.stat.area'), show(f.area)],
    [t('plan.stat.perimeter'), show(f.perimeter)],
    [t('plan.stat.volume'), show(f.volume)],
    [t('plan.stat.wallsSurface'), show(f.walls_surface)],
    [t('plan.doorCount'), show(plan.door_count)],
    [t('plan.windowCount'), show(plan.windows_count)],
  ]);
  const table = renderTable(
    [t('plan.colFloor'), t('plan.rooms'), t('plan.stat.area'), t('plan.stat.perimeter')],
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
function showValue(v: unknown, t: Translate): string {
  if (v === null || v === undefined || v === '') return t('cli.notAvailable');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
