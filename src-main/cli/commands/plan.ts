import type { ApiClient } from '../../api/client';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { json, keyValues } from './projects';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';
import type { StatisticView } from '../../../src-shared/plans/types';
import { buildPlanView } from '../../plans/plan-view';

/**
 * `plan PLAN_ID [--json]`: the plan's figures and its floors, from either shape the service sends
 * (the older one lists its floors under `plan_detail.plan` too). `--json` prints the document as sent.
 */
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
  const view = buildPlanView(doc);
  const stat = (stats: StatisticView[], key: string) => show(stats.find((s) => s.key === key)?.display);
  const head = keyValues([
    [t('cli.plan'), view.name ?? ''],
    ...(view.shape === 'legacy'
      ? ([[t('cli.shape'), t('cli.legacyShape')]] as [string, string][])
      : ([[t('cli.id'), view.id ?? '']] as [string, string][])),
    [t('plan.stat.area'), stat(view.statistics, 'area')],
    [t('plan.stat.perimeter'), stat(view.statistics, 'perimeter')],
    [t('plan.stat.volume'), stat(view.statistics, 'volume')],
    [t('plainPlan.wallArea'), stat(view.statistics, 'walls_surface')],
    ...(view.shape === 'legacy'
      ? ([
          [t('plan.floorCount'), show(view.floorCount)],
          [t('plan.rooms'), show(view.roomCount)],
        ] as [string, string][])
      : []),
    [t('plan.doorCount'), show(view.doorCount)],
    [t('plan.windowCount'), show(view.windowCount)],
  ]);
  if (!view.floors) return head;
  const table = renderTable(
    [t('plan.colFloor'), t('plan.rooms'), t('plan.stat.area'), t('plan.stat.perimeter')],
    view.floors.map((fl) => [
      show(fl.name),
      fl.rooms.length,
      stat(fl.statistics, 'area'),
      stat(fl.statistics, 'perimeter'),
    ]),
  );
  return `${head}\n\n${table}`;
}

/** The service's own text where it gave one; "not available" where it gave nothing; never a made-up unit. */
function showValue(v: unknown, t: Translate): string {
  if (v === null || v === undefined || v === '') return t('cli.notAvailable');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
