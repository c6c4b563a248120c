import { useMemo, useState } from 'react';
import { unitText } from '../../../../src-shared/estimates/units';
import { visibleText } from '../../../../src-shared/plans/match-text';
import { roomsCostsTable, type CostsTableRow } from '../../../../src-shared/plans/rooms-costs-table';
import { notOnPlanText } from '../../../../src-shared/plans/rooms-costs-words';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { measureText, numberWithUnit } from './plan-text';
import { NOT_ON_PLAN_PLACE, placeToken } from './room-places';
import { useRoomsCosts } from './rooms-costs-store';
import { openPlace, usePlanCosts, type PlanCosts } from './use-plan-costs';

/** Rooms shown at first and added by each "show more" (a plan of 10,000 rooms stays quick). */
const PAGE = 200;
/** Units shown as columns; the others are counted in a note (the CLI lists them all). */
const MAX_UNIT_COLUMNS = 6;
const DASH = '—';

const MEASURES = ['area', 'wallArea', 'perimeter'] as const;

function RoomRow({ row, units, plan }: { row: CostsTableRow; units: number; plan: PlanCosts }) {
  const t = useT();
  const lang = useLang();
  const { costs, money } = plan;
  const room = row.room === null ? null : costs.rooms[row.room]!;
  const token = room ? placeToken(room) : NOT_ON_PLAN_PLACE;
  const name =
    row.kind === 'not-on-plan' ? t('roomsCosts.notOnPlan') : visibleText(row.name ?? t('plan.unnamedRoom'));
  const note =
    room?.nameProblem === 'unnamed'
      ? t('roomsCosts.unnamedNote')
      : room?.nameProblem === 'hidden-characters'
        ? t('roomsCosts.hiddenNameNote')
        : undefined;
  return (
    <tr className={`rooms-costs-row is-${row.kind}`} data-testid={`rooms-costs-row-${token}`}>
      <td>{row.floor === null ? '' : visibleText(row.floor)}</td>
      <td title={note}>
        {row.positions > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => openPlace(costs.estimate.id, token)}
            title={row.kind === 'not-on-plan' ? t('roomsCosts.openNotOnPlan') : t('roomsCosts.openRoom')}
          >
            {name}
          </button>
        ) : (
          name
        )}
      </td>
      {MEASURES.map((m) => (
        <td key={m} className="num">
          {row.measures ? (measureText(row.measures[m], lang) ?? DASH) : ''}
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
  const measureTotal = (m: (typeof MEASURES)[number] | 'doors' | 'windows') => {
    const total = totals.measures[m];
    return total ? numberWithUnit(total.value, total.unit, lang) : DASH;
  };
  return (
    <>
      <Table label={t('roomsCosts.tableLabel')} testId="rooms-costs-table">
        <thead>
          <tr>
            {table.columns
              .filter((c) => c.kind !== 'quantity' && c.kind !== 'money')
              .map((c) => (
                <th key={c.key} scope="col" className={c.kind === 'text' ? undefined : 'num'}>
                  {t(c.label)}
                </th>
              ))}
            {table.units.slice(0, units).map((unit, i) => (
              <th key={`u${i}`} scope="col" className="num">
                <span className="sr-only">{t('roomsCosts.colQuantity')} </span>
                {unitText(unit, t) || t('roomsCosts.noUnit')}
              </th>
            ))}
            <th scope="col" className="num">
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
            <th scope="row">{t('plainPlan.total')}</th>
            <td />
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
      <CostsTableView plan={plan} />
    </div>
  );
}
