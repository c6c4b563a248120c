/**
 * `plandesk rooms-costs PROJECT_ID ESTIMATE_ID [--json | --out FILE.xlsx]`: the estimate on the
 * project's plan — each room with its measures, its positions summed by unit and its net amount; the
 * positions not on the plan (and why); the rooms not priced; the net total. Read through the app's
 * cache, as the app reads it: it works offline for a project kept offline. Money in --json as exact
 * twelve-digit decimals. With --out, the plan's rooms workbook with the costs per room beside the
 * rooms (read from the service, as every CLI export). Every text the service sent is printed on its
 * own line's terms: no line break, escape or hidden character of a name can forge a line.
 */
import { plainMoney, plainQuantity } from '../../../src-shared/money/amounts';
import { unitText } from '../../../src-shared/estimates/units';
import { roomsCostsTable } from '../../../src-shared/plans/rooms-costs-table';
import type { MeasureCell } from '../../../src-shared/plans/types';
import type { RoomMeasures, RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';
import { notOnPlanText, planProblemText } from '../../../src-shared/plans/rooms-costs-words';
import { extname, resolve } from 'node:path';
import type { ApiClient } from '../../api/client';
import { ServiceError } from '../../errors/service-error';
import { exportWarningText } from '../../../src-shared/exports/warnings';
import { withoutHiddenCharacters } from '../../../src-shared/text/hidden-characters';
import { withCliExports } from '../exports';
import type { ExportContext } from './export';
import { readRoomsCosts } from '../../plans/rooms-costs-service';
import { requirePositional, type CliFlags } from '../args';
import { EN, type CliText } from '../i18n';
import { renderTable } from '../table';
import type { CliVersions } from '../versions-cache';

export async function roomsCostsCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
  context: ExportContext & { versions: CliVersions },
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const estimateId = requirePositional(positionals, 1, 'ESTIMATE_ID');
  const { cached, workers } = context.versions;
  const signal = new AbortController().signal;
  if (flags.out) {
    return exportRoomsCosts(client, flags.out, projectId, estimateId, text, { ...context, workers });
  }
  const project = await cached.getProject(projectId, { signal });
  const read = await readRoomsCosts(
    cached,
    workers,
    { projectId, planId: project.data.plan_id ?? null, estimateId },
    signal,
  );
  const costs = read.data.costs;
  if (flags.json) {
    return JSON.stringify({
      project_id: projectId,
      source: read.source,
      fetched_at: read.fetchedAt.toISOString(),
      ...roomsCostsJson(costs),
    });
  }
  return renderRoomsCosts(costs, text, read.source === 'cache' ? read.fetchedAt : null);
}

function measureJson(m: MeasureCell): { value: number | null; unit: string | null; text: string | null } {
  return { value: m.value, unit: m.unit, text: m.text };
}

function measuresJson(m: RoomMeasures) {
  return {
    area: measureJson(m.area),
    wall_area: measureJson(m.wallArea),
    perimeter: measureJson(m.perimeter),
    doors: m.doors,
    windows: m.windows,
  };
}

/** The model as `--json` writes it (snake_case, money as twelve-digit decimal text). */
export function roomsCostsJson(costs: RoomsCosts) {
  const problem = costs.planProblem;
  return {
    estimate_id: costs.estimate.id,
    plan_id: costs.plan?.id ?? null,
    estimate_plan_id: costs.estimate.planId,
    currency: costs.currency,
    plan_problem: problem
      ? {
          kind: problem.kind,
          ...(problem.kind === 'other-plan' ? { plan_id: problem.planId } : {}),
          ...(problem.kind === 'plan-failed' ? { message: problem.error.message } : {}),
        }
      : null,
    rooms: costs.rooms.map((r) => ({
      id: r.roomId,
      floor: { id: r.floorId, name: r.floor },
      name: r.name,
      name_problem: r.nameProblem,
      measures: measuresJson(r.measures),
      positions: r.positionIds.length,
      position_ids: r.positionIds,
      amounts_by_unit: r.byUnit,
      net: r.net,
    })),
    not_on_plan: {
      positions: costs.notOnPlan.positionIds.length,
      position_ids: costs.notOnPlan.positionIds,
      amounts_by_unit: costs.notOnPlan.byUnit,
      net: costs.notOnPlan.net,
      reasons: costs.notOnPlan.groups.map((g) => ({
        reason: g.reason,
        text: g.text,
        floors: g.floors,
        position_ids: g.positionIds,
        net: g.net,
      })),
    },
    rooms_not_priced: costs.notPriced.map((i) => costs.rooms[i]!.roomId),
    placed_net: costs.totals.placedNet,
    total_net: costs.totals.totalNet,
    service_net: costs.totals.serviceNet,
  };
}

/** The plan's rooms workbook with the estimate's costs per room beside the rooms (--out). */
async function exportRoomsCosts(
  client: ApiClient,
  out: string,
  projectId: string,
  estimateId: string,
  text: CliText,
  context: ExportContext,
): Promise<string> {
  const { tp, lang } = text;
  if (extname(out).toLowerCase() !== '.xlsx') {
    throw new ServiceError('config', 'The costs per room are written as a workbook: --out FILE.xlsx.');
  }
  const planId = (await client.getProject(projectId)).plan_id;
  if (!planId) throw new ServiceError('not-found', 'This project has no plan: there are no rooms to export.');
  const done = await withCliExports(client, out, lang, context, (exports) =>
    exports.rooms({
      planId,
      format: 'xlsx',
      language: context.chosenLanguage,
      costsOf: { projectId, estimateId },
    }),
  );
  for (const w of done.warnings) context.warn?.(`warning: ${exportWarningText(w, text.t, lang)}`);
  return tp('cli.wroteRooms', done.rooms, { path: done.path ?? resolve(out) });
}

/** A text the service sent, on one line and without hidden characters (a name cannot forge a line). */
const oneLine = (text: string): string => withoutHiddenCharacters(text);

/** The table for people: rooms, "Not on the plan", the total; then why, and which rooms are not priced. */
export function renderRoomsCosts(costs: RoomsCosts, { t }: CliText, offlineFrom: Date | null): string {
  const table = roomsCostsTable(costs);
  const money = (shown: string) => plainMoney(shown, costs.digits);
  const head = [
    oneLine(
      t('cli.roomsCosts.estimate', {
        name: [costs.estimate.uniqueIdentifier, costs.estimate.name].filter(Boolean).join(' '),
        currency: costs.currency ?? '',
      }),
    ),
  ];
  if (offlineFrom)
    head.push(
      t('cli.roomsCosts.offline', { date: offlineFrom.toISOString().slice(0, 16).replace('T', ' ') }),
    );
  if (costs.planProblem) {
    const why = planProblemText(costs.planProblem, t);
    const problem = costs.planProblem;
    head.push(oneLine(problem.kind === 'plan-failed' ? `${why} ${problem.error.message}` : why));
  }
  const units = table.units.map((u) => unitText(u, t) || t('roomsCosts.noUnit'));
  const rows = table.rows.map((r) => [
    r.kind === 'not-on-plan' ? '' : (r.floor ?? '-'),
    r.kind === 'not-on-plan' ? t('roomsCosts.notOnPlan') : (r.name ?? t('plan.unnamedRoom')),
    r.positions,
    ...r.quantities.map((q) => (q === null ? '' : plainQuantity(q))),
    r.kind === 'not-priced' ? t('roomsCosts.notPriced') : money(r.netShown),
  ]);
  rows.push([
    '',
    t('doc.totalRow'),
    table.totals.positions,
    ...table.totals.quantities.map((q) => (q === null ? '' : plainQuantity(q))),
    money(table.totals.netShown),
  ]);
  const body = renderTable(
    [t('plan.colFloor'), t('plan.colName'), t('roomsCosts.colPositions'), ...units, t('roomsCosts.colNet')],
    rows,
  );
  const why = costs.notOnPlan.groups.map(
    (g) => `  ${oneLine(notOnPlanText(g, t))}: ${g.positionIds.length} · ${money(g.netShown)}`,
  );
  const notPriced = costs.notPriced.map((i) => {
    const room = costs.rooms[i]!;
    return oneLine(`${room.name ?? t('plan.unnamedRoom')}${room.floor ? ` (${room.floor})` : ''}`);
  });
  return [
    head.join('\n'),
    body,
    ...(why.length > 0 ? [`${t('roomsCosts.notOnPlan')}:\n${why.join('\n')}`] : []),
    ...(notPriced.length > 0 ? [`${t('roomsCosts.notPriced')}: ${notPriced.join(', ')}`] : []),
  ].join('\n\n');
}
