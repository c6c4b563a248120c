import { useMemo, useState } from 'react';
import { unitText } from '../../../../src-shared/estimates/units';
import { visibleText } from '../../../../src-shared/plans/match-text';
import {
  roomsCostsTable,
  type CostsColumn,
  type CostsTableRow,
} from '../../../../src-shared/plans/rooms-costs-table';
import { notOnPlanText } from '../../../../src-shared/plans/rooms-costs-words';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { usePlanUnits } from './bits';
import { columnDecimals, figureText, totalText } from './rooms-figures';
import { NOT_ON_PLAN_PLACE, placeToken } from './room-places';
import { useRoomsCosts } from './rooms-costs-store';
import { RoomsExportNotices } from './RoomsExportNotices';
import { usePlans } from './store';
import { openPlace, usePlanCosts, type PlanCosts } from './use-plan-costs';

/** Rooms shown at first and added by each "show more" (a plan of 10,000 rooms stays quick). */
const PAGE = 200;
/** Units shown as columns; the others are counted in a note (the CLI lists them all). */
const MAX_UNIT_COLUMNS = 6;
const DASH = '—';

const MEASURES = ['area', 'wallArea', 'perimeter'] as const;

/** A header's classes: floor and room as in the rooms table; a figure's header may take two lines. */
function headerClass(column: CostsColumn): string {
  if (column.key === 'floor') return 'rooms-col-floor';
  if (column.key === 'room') return 'rooms-col-name';
  return 'num th-wrap';
}

/**
 * A row's room: its name (a button to its positions when it has any), shortened in its column and
 * whole in its tooltip, and, where a narrow window's table gives the floor's column away, the floor
 * under it (the rooms table's classes and rules, plans.css).
 */
function RoomNameCell({ row, plan, token }: { row: CostsTableRow; plan: PlanCosts; token: string }) {
  const t = useT();
  const room = row.room === null ? null : plan.costs.rooms[row.room]!;
  const name =
    row.kind === 'not-on-plan' ? t('roomsCosts.notOnPlan') : visibleText(row.name ?? t('plan.unnamedRoom'));
  const note =
    room?.nameProblem === 'unnamed'
      ? t('roomsCosts.unnamedNote')
      : room?.nameProblem === 'hidden-characters'
        ? t('roomsCosts.hiddenNameNote')
        : null;
  const whole = note ? `${name} · ${note}` : name;
  return (
    <td className="rooms-col-name">
      {row.positions > 0 ? (
        <button
          type="button"
          className="link-button rooms-name"
          onClick={() => openPlace(plan.costs.estimate.id, token)}
          title={`${whole} · ${row.kind === 'not-on-plan' ? t('roomsCosts.openNotOnPlan') : t('roomsCosts.openRoom')}`}
        >
          {name}
        </button>
      ) : (
        <span className="rooms-name" title={whole}>
          {name}
        </span>
      )}
      {row.floor !== null && <span className="rooms-sub">{visibleText(row.floor)}</span>}
    </td>
  );
}

function RoomRow({ row, units, plan }: { row: CostsTableRow; units: number; plan: PlanCosts }) {
  const t = useT();
  const lang = useLang();
  const system = usePlanUnits();
  const { costs, money } = plan;
  const room = row.room === null ? null : costs.rooms[row.room]!;
  const token = room ? placeToken(room) : NOT_ON_PLAN_PLACE;
  const floor = row.floor === null ? '' : visibleText(row.floor);
  return (
    <tr className={`rooms-costs-row is-${row.kind}`} data-testid={`rooms-costs-row-${token}`}>
      <td className="rooms-col-floor" title={floor || undefined}>
        {floor}
      </td>
      <RoomNameCell row={row} plan={plan} token={token} />
      {MEASURES.map((m) => (
        <td key={m} className="num">
          {row.measures ? (figureText(row.measures[m], columnDecimals(m, system), lang) ?? DASH) : ''}
        </td>
      ))}
      <td className="num">{row.measures ? formatNumber(row.measures.doors, lang) : ''}</td>
      <td className="num">{row.measures ? formatNumber(row.measures.windows, lang) : ''}</td>
      <td className="num">{formatNumber(row.positions, lang)}</td>
      {row.quantities.slice(0, units).map((q, i) => (
        <td key={i} className="num">
          {q === null ? '' : formatNumber(q, lang, { maximumFractionDigits: 3 })}
        </td>
      ))}
      <td className="num" data-testid={`rooms-costs-net-${token}`}>
        {row.kind === 'not-priced' ? (
          <Badge tone="neutral">{t('roomsCosts.notPriced')}</Badge>
        ) : (
          money(row.netShown)
        )}
      </td>
    </tr>
  );
}

/** Why positions are not on the plan: each reason with its text, its positions and their net. */
function WhyNotOnPlan({ costs, money }: PlanCosts) {
  const t = useT();
  const tp = useTPlural();
  const groups = costs.notOnPlan.groups;
  if (groups.length === 0) return null;
  return (
    <section
      className="rooms-costs-why"
      aria-labelledby="rooms-costs-why-title"
      data-testid="rooms-costs-why"
    >
      <h3 id="rooms-costs-why-title" className="plan-section-title">
        {t('roomsCosts.whyTitle')}
      </h3>
      <ul>
        {groups.map((g, i) => (
          <li key={i} data-testid={`rooms-costs-why-${g.reason}`}>
            <span>{notOnPlanText(g, t)}</span>
            <span className="rooms-costs-why-figures">
              {tp('roomsCosts.positions', g.positionIds.length)} · {money(g.netShown)}
            </span>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        onClick={() => openPlace(costs.estimate.id, NOT_ON_PLAN_PLACE)}
        data-testid="rooms-costs-open-off"
      >
        {t('roomsCosts.openNotOnPlan')}
      </Button>
    </section>
  );
}

function CostsTableView({ plan }: { plan: PlanCosts }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const { costs, money } = plan;
  const table = useMemo(() => roomsCostsTable(costs), [costs]);
  const [limit, setLimit] = useState(PAGE);
  const rooms = table.rows.filter((r) => r.kind !== 'not-on-plan');
  const off = table.rows.find((r) => r.kind === 'not-on-plan')!;
  const units = Math.min(table.units.length, MAX_UNIT_COLUMNS);
  const totals = table.totals;
  const system = usePlanUnits();
  // As in the rooms table: a measure's total adds up its rooms' figures as shown, at the column's decimals.
  const measureTotal = (m: (typeof MEASURES)[number] | 'doors' | 'windows') => {
    const total = totals.measures[m];
    if (!total) return DASH;
    if (m === 'doors' || m === 'windows') return formatNumber(total.value, lang);
    const cells = rooms.flatMap((r) => (r.measures ? [r.measures[m]] : []));
    return totalText(cells, total.unit, columnDecimals(m, system), lang);
  };
  return (
    <>
      <Table label={t('roomsCosts.tableLabel')} testId="rooms-costs-table">
        <thead>
          <tr>
            {table.columns
              .filter((c) => c.kind !== 'quantity' && c.kind !== 'money')
              .map((c) => (
                <th key={c.key} scope="col" className={headerClass(c)}>
                  {t(c.label)}
                </th>
              ))}
            {table.units.slice(0, units).map((unit, i) => (
              <th key={`u${i}`} scope="col" className="num th-wrap">
                <span className="sr-only">{t('roomsCosts.colQuantity')} </span>
                {unitText(unit, t) || t('roomsCosts.noUnit')}
              </th>
            ))}
            <th scope="col" className="num th-wrap">
              {t('roomsCosts.colNet')} {costs.currency ?? ''}
            </th>
          </tr>
        </thead>
        <tbody>
          {rooms.slice(0, limit).map((row) => (
            <RoomRow key={row.room} row={row} units={units} plan={plan} />
          ))}
          <RoomRow row={off} units={units} plan={plan} />
        </tbody>
        <tfoot>
          <tr className="rooms-totals" data-testid="rooms-costs-totals">
            <th scope="row" className="rooms-col-floor">
              {t('plainPlan.total')}
            </th>
            {/* Where the floor's column gave way, the name's cell says what the row is. */}
            <td className="rooms-col-name">
              <span className="rooms-total-label">{t('plainPlan.total')}</span>
            </td>
            {MEASURES.map((m) => (
              <td key={m} className="num">
                {measureTotal(m)}
              </td>
            ))}
            <td className="num">{measureTotal('doors')}</td>
            <td className="num">{measureTotal('windows')}</td>
            <td className="num">{formatNumber(totals.positions, lang)}</td>
            {totals.quantities.slice(0, units).map((q, i) => (
              <td key={i} className="num">
                {q === null ? '' : formatNumber(q, lang, { maximumFractionDigits: 3 })}
              </td>
            ))}
            <td className="num" data-testid="rooms-costs-total-net">
              {money(totals.netShown)}
            </td>
          </tr>
        </tfoot>
      </Table>
      {rooms.length > limit && (
        <Button size="sm" onClick={() => setLimit((n) => n + PAGE)} data-testid="rooms-costs-more">
          {t('roomsCosts.showMore', { count: rooms.length - limit })}
        </Button>
      )}
      {table.units.length > units && (
        <p className="plan-muted">{tp('roomsCosts.unitsHidden', table.units.length - units)}</p>
      )}
      <p className="plan-muted rooms-costs-sum" data-testid="rooms-costs-sum">
        {t('roomsCosts.sumRule', {
          placed: money(costs.totals.placedShown),
          off: money(costs.notOnPlan.netShown),
          total: money(costs.totals.totalShown),
        })}
      </p>
      <WhyNotOnPlan {...plan} />
    </>
  );
}

/** The rooms workbook with these costs per room beside the rooms table (main asks where to save it). */
function CostsExport({ costs }: { costs: PlanCosts['costs'] }) {
  const t = useT();
  const busy = usePlans((s) => s.exportBusy);
  const projectId = useRoomsCosts((s) => s.projectId);
  return (
    <>
      <div className="rooms-toolbar">
        <span className="screen-bar-spacer" />
        <Button
          size="sm"
          busy={busy === 'costs'}
          disabled={busy !== null || !projectId}
          onClick={() => {
            if (projectId)
              void usePlans.getState().exportRooms('xlsx', { projectId, estimateId: costs.estimate.id });
          }}
          data-testid="rooms-costs-export"
        >
          {t('roomsCosts.exportXlsx')}
        </Button>
      </div>
      <RoomsExportNotices />
    </>
  );
}

/**
 * The per-room table of the estimate on the plan: each room's measures beside its positions summed
 * by unit and its net amount, "Not priced" rooms, "Not on the plan", and totals that add up.
 */
export function RoomsCostsTable() {
  const t = useT();
  const plan = usePlanCosts();
  const loading = useRoomsCosts((s) => s.loading);
  const noEstimates = useRoomsCosts((s) => s.result !== null && s.result.estimates.length === 0);
  if (!plan) {
    return (
      <p className="plan-muted" data-testid="rooms-costs-empty">
        {loading ? t('roomsCosts.loading') : noEstimates ? t('roomsCosts.noEstimates') : ''}
      </p>
    );
  }
  return (
    <div className="rooms-view rooms-costs-view">
      <CostsExport costs={plan.costs} />
      <CostsTableView plan={plan} />
    </div>
  );
}
