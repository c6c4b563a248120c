import { useEffect, useMemo } from 'react';
import type { EstimateRow, EstimateView } from '../../../../src-shared/estimates/types';
import { visibleText } from '../../../../src-shared/plans/match-text';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { formatMoney } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useNavigation, type View } from '../navigation/store';
import { placeOf, rowsOfPositions, type Place } from './room-places';
import { useRoomsCosts } from './rooms-costs-store';
import './rooms-costs.css';

export interface PlaceFilter {
  /** The place the estimate is filtered to (null: not known, or not known yet). */
  place: Place | null;
  /** The rows to show: the place's positions with the groups above them; null: all of them. */
  rows: EstimateRow[] | null;
  currency: string | null;
  loading: boolean;
}

/**
 * The estimate screen opened from the plan for one room (or for the positions not on the plan):
 * the rows of that place's positions, from the costs the plan view read (read again if they are gone).
 */
export function usePlaceFilter(view: View, data: EstimateView | null): PlaceFilter | null {
  const place = view.name === 'estimate' ? view.place : undefined;
  const result = useRoomsCosts((s) => s.result);
  const loading = useRoomsCosts((s) => s.loading);
  const estimateId = view.name === 'estimate' ? view.estimateId : null;
  const known = result?.costs && result.costs.estimate.id === estimateId ? result.costs : null;

  useEffect(() => {
    if (view.name !== 'estimate' || !place || known) return;
    const ref = { workspaceId: view.workspaceId, projectId: view.projectId, planId: view.planId ?? null };
    useRoomsCosts.getState().ensure(ref, view.estimateId);
  }, [view, place, known]);

  const rows = data?.rows;
  return useMemo(() => {
    if (!place || !rows) return null;
    const found = known ? placeOf(known, place) : null;
    return {
      place: found,
      rows: found ? rowsOfPositions(rows, new Set(found.positionIds)) : null,
      currency: known?.currency ?? null,
      loading: !known && loading,
    };
  }, [place, rows, known, loading]);
}

/** Says which place the estimate is filtered to, with its positions' count and net; "Show all". */
export function PlaceFilterBar({ filter }: { filter: PlaceFilter }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const showAll = () => {
    const view = useNavigation.getState().view;
    if (view.name !== 'estimate') return;
    const { place: _place, planId: _planId, ...rest } = view;
    useNavigation.getState().go(rest);
  };
  const action = (
    <Button size="sm" onClick={showAll} data-testid="place-filter-show-all">
      {t('roomsCosts.filter.showAll')}
    </Button>
  );
  if (filter.loading) return null;
  const { place } = filter;
  if (!place) {
    return (
      <Notice tone="warning" actions={action} testId="place-filter-unavailable">
        {t('roomsCosts.filter.unavailable')}
      </Notice>
    );
  }
  const summary = `${tp('roomsCosts.positions', place.positionIds.length)} · ${formatMoney(place.netShown, filter.currency ?? '', lang)}`;
  const room = place.room;
  const name = room
    ? `${visibleText(room.name ?? t('plan.unnamedRoom'))}${room.floor ? ` (${visibleText(room.floor)})` : ''}`
    : '';
  return (
    <Notice tone="info" actions={action} testId="place-filter">
      {place.kind === 'room'
        ? t('roomsCosts.filter.room', { room: name, summary })
        : t('roomsCosts.filter.notOnPlan', { summary })}
    </Notice>
  );
}
