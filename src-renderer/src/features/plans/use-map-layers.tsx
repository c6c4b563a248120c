import { useMemo, type ReactElement } from 'react';
import type { ImageMapView } from '../../../../src-shared/plans/types';
import { useT } from '../../i18n/store';
import { areaShape, type Size } from './image-map';
import { CostShading, type MapShape } from './MapLayers';
import { RoomLabels, type RoomLabel } from './RoomLabels';
import type { PlanCosts } from './use-plan-costs';

export interface MapLayers {
  /** The areas of the image map as shapes in the image's pixels. */
  shapes: MapShape[];
  /** The cost shading (null until there are costs). */
  shading: ReactElement | null;
  /** The room labels with their names and areas (null when the labels are off). */
  areaLabels: ReactElement | null;
  /** The room labels with their net amounts (null without costs, or with the labels off). */
  costLabels: ReactElement | null;
  /** Each area's accessible name: the room's name, with its positions and net once known. */
  areaLabelOf: ReadonlyMap<string, string>;
}

/**
 * What the floor map draws besides the areas themselves, each worked out once per change of what it
 * shows: the cost layers are drawn once the costs are there (the overlay's switch only shows them),
 * and hovering changes none of them.
 */
export function useMapLayers(
  map: ImageMapView,
  size: Size,
  roomNames: ReadonlyMap<string, string>,
  roomLabels: ReadonlyMap<string, RoomLabel>,
  planCosts: PlanCosts | null,
  showLabels: boolean,
): MapLayers {
  const t = useT();
  const shapes = useMemo(
    () =>
      map.areas
        .map((area, i) => ({ roomId: area.roomId, i, shape: areaShape(area.coords, map, size) }))
        .filter((a): a is MapShape => a.shape !== null),
    [map, size],
  );
  const labelShapes = useMemo(() => shapes.map(({ roomId, shape }) => ({ roomId, shape })), [shapes]);
  const withCosts = useMemo(() => {
    if (!planCosts) return null;
    const out = new Map<string, RoomLabel>();
    for (const [roomId, label] of roomLabels) {
      const cost = planCosts.byRoomId.get(roomId);
      if (!cost) out.set(roomId, label);
      else
        out.set(roomId, {
          name: label.name,
          area: cost.cls === null ? t('roomsCosts.notPriced') : cost.amount,
        });
    }
    return out;
  }, [planCosts, roomLabels, t]);
  const shading = useMemo(
    () => (planCosts ? <CostShading shapes={shapes} costs={planCosts} size={size} /> : null),
    [planCosts, shapes, size],
  );
  const areaLabels = useMemo(
    () => (showLabels ? <RoomLabels shapes={labelShapes} labels={roomLabels} image={size} /> : null),
    [showLabels, labelShapes, roomLabels, size],
  );
  const costLabels = useMemo(
    () =>
      showLabels && withCosts ? (
        <RoomLabels shapes={labelShapes} labels={withCosts} image={size} layer="cost" />
      ) : null,
    [showLabels, labelShapes, withCosts, size],
  );
  // Each area's name, with its cost once known (overlay on or off: the switch changes no area).
  const areaLabelOf = useMemo(() => {
    const out = new Map<string, string>();
    for (const { roomId } of shapes) {
      if (!roomId || out.has(roomId)) continue;
      const name = roomNames.get(roomId) ?? t('plan.unnamedRoom');
      const cost = planCosts?.byRoomId.get(roomId);
      const summary = cost ? (cost.cls === null ? t('roomsCosts.notPriced') : cost.summary) : null;
      out.set(roomId, summary ? t('roomsCosts.areaLabel', { name, summary }) : name);
    }
    return out;
  }, [shapes, roomNames, planCosts, t]);
  return { shapes, shading, areaLabels, costLabels, areaLabelOf };
}
