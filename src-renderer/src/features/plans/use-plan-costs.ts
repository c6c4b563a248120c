import { useMemo } from 'react';
import type { RoomCostRow, RoomsCosts } from '../../../../src-shared/plans/rooms-costs-types';
import { formatMoney } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { costClass, costScale, minorUnitsOf, type CostScale } from './cost-scale';
import { placeToken } from './room-places';
import { useRoomsCosts } from './rooms-costs-store';

export interface RoomCost {
  row: RoomCostRow;
  /** The colour class; null: not priced. */
  cls: number | null;
  /** The room's net, in the currency. */
  amount: string;
  /** "3 positions · 1.234,00 €". */
  summary: string;
}

export interface PlanCosts {
  costs: RoomsCosts;
  scale: CostScale | null;
  byRoomId: ReadonlyMap<string, RoomCost>;
  money: (shown: string) => string;
}

/** The costs of the estimate shown on the plan on screen, by room; null while there are none. */
export function usePlanCosts(): PlanCosts | null {
  const lang = useLang();
  const tp = useTPlural();
  const view = useNavigation((s) => s.view);
  const result = useRoomsCosts((s) => s.result);
  const planId = useRoomsCosts((s) => s.planId);
  const costs = view.name === 'plan' && planId === view.planId ? (result?.costs ?? null) : null;
  return useMemo(() => {
    if (!costs) return null;
    const money = (shown: string) => formatMoney(shown, costs.currency ?? '', lang);
    const priced = costs.rooms.filter((r) => r.positionIds.length > 0);
    const minor = (shown: string) => minorUnitsOf(shown, costs.digits);
    const scale = costScale(
      priced.map((r) => minor(r.netShown)),
      costs.digits,
    );
    const byRoomId = new Map<string, RoomCost>();
    for (const row of costs.rooms) {
      if (row.roomId === null) continue;
      const count = row.positionIds.length;
      const amount = money(row.netShown);
      byRoomId.set(row.roomId, {
        row,
        cls: count > 0 && scale ? costClass(scale, minor(row.netShown)) : null,
        amount,
        summary: `${tp('roomsCosts.positions', count)} · ${amount}`,
      });
    }
    return { costs, scale, byRoomId, money };
  }, [costs, lang, tp]);
}

/** "3 positions are not on the plan: €1,234.00." (or that every position is on it), in words. */
export function useNotOnPlanLine(): (costs: RoomsCosts) => string {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  return (costs) => {
    const off = costs.notOnPlan;
    if (off.positionIds.length === 0) return t('roomsCosts.allPlaced');
    const amount = formatMoney(off.netShown, costs.currency ?? '', lang);
    return tp('roomsCosts.notOnPlanSummary', off.positionIds.length, { amount });
  };
}

/** Whether the floor images are shaded by cost now (the switch is on, and there are costs). */
export function useCostOverlayOn(): boolean {
  const overlay = useRoomsCosts((s) => s.overlay);
  return usePlanCosts() !== null && overlay;
}

/** Opens the estimate shown on the plan, filtered to a place (a room's token, or "not on the plan"). */
export function openPlace(estimateId: string, place: string): void {
  const nav = useNavigation.getState();
  const view = nav.view;
  if (view.name !== 'plan') return;
  nav.go({
    name: 'estimate',
    workspaceId: view.workspaceId,
    projectId: view.projectId,
    projectName: view.projectName,
    estimateId,
    place,
    planId: view.planId,
  });
}

/** Opens a room's positions, when it has any. */
export function openRoom(costs: RoomsCosts, row: RoomCostRow): boolean {
  if (row.positionIds.length === 0) return false;
  openPlace(costs.estimate.id, placeToken(row));
  return true;
}
