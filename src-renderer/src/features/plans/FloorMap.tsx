import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ImageMapView } from '../../../../src-shared/plans/types';
import { useT } from '../../i18n/store';
import { areaShape, shapeCentre, type Size } from './image-map';
import { CostShading, MapArea, Shape, type MapShape } from './MapLayers';
import { RoomLabels, type RoomLabel } from './RoomLabels';
import { useRoomsCosts } from './rooms-costs-store';
import { usePlans } from './store';
import { openRoom, usePlanCosts } from './use-plan-costs';

/**
 * The image map over a floor image: each room's area outlined, named on hover and focus, selected by
 * a click or Enter; its name and area written in it (unless the labels are off). With the cost
 * overlay on, each room is shaded by its net amount, its label and tooltip say its positions and net,
 * and choosing a room opens the estimate with that room's positions only.
 */
export function FloorMap({
  map,
  size,
  roomNames,
  roomLabels,
}: {
  map: ImageMapView;
  size: Size;
  roomNames: Map<string, string>;
  roomLabels: ReadonlyMap<string, RoomLabel>;
}) {
  const t = useT();
  const selectedRoomId = usePlans((s) => s.selectedRoomId);
  const selectRoom = usePlans((s) => s.selectRoom);
  const showLabels = usePlans((s) => s.showRoomLabels);
  const overlay = useRoomsCosts((s) => s.overlay);
  const planCosts = usePlanCosts();
  const costs = overlay ? planCosts : null;
  const [hovered, setHovered] = useState<string | null>(null);

  const shapes = useMemo(
    () =>
      map.areas
        .map((area, i) => ({ roomId: area.roomId, i, shape: areaShape(area.coords, map, size) }))
        .filter((a): a is MapShape => a.shape !== null),
    [map, size],
  );
  const costLabels = useMemo(() => {
    if (!planCosts) return null;
    const withCosts = new Map<string, RoomLabel>();
    for (const [roomId, label] of roomLabels) {
      const cost = planCosts.byRoomId.get(roomId);
      if (!cost) withCosts.set(roomId, label);
      else
        withCosts.set(roomId, {
          name: label.name,
          area: cost.cls === null ? t('roomsCosts.notPriced') : cost.amount,
        });
    }
    return withCosts;
  }, [planCosts, roomLabels, t]);

  // The cost layers are drawn once the costs are there; the switch only shows them and hides the room
  // labels they replace (see `layer` below): it redraws within a frame. Hovering re-renders the
  // areas only.
  const shading = useMemo(
    () => (planCosts ? <CostShading shapes={shapes} costs={planCosts} size={size} /> : null),
    [planCosts, shapes, size],
  );
  const labelShapes = useMemo(() => shapes.map(({ roomId, shape }) => ({ roomId, shape })), [shapes]);
  const areaLabels = useMemo(
    () => (showLabels ? <RoomLabels shapes={labelShapes} labels={roomLabels} image={size} /> : null),
    [showLabels, labelShapes, roomLabels, size],
  );
  const costLabelsLayer = useMemo(
    () =>
      showLabels && costLabels ? (
        <RoomLabels shapes={labelShapes} labels={costLabels} image={size} layer="cost" />
      ) : null,
    [showLabels, labelShapes, costLabels, size],
  );

  const hoveredShape = hovered ? shapes.find((s) => s.roomId === hovered) : undefined;
  const hoverCentre = hoveredShape ? shapeCentre(hoveredShape.shape) : null;
  const hoverCost = hovered ? costs?.byRoomId.get(hovered) : undefined;

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

  const choose = useCallback(
    (roomId: string) => {
      const cost = useRoomsCosts.getState().overlay ? planCosts?.byRoomId.get(roomId) : undefined;
      if (planCosts && cost && openRoom(planCosts.costs, cost.row)) return;
      selectRoom(roomId);
    },
    [planCosts, selectRoom],
  );
  const hover = useCallback(
    (roomId: string, on: boolean) => setHovered((h) => (on ? roomId : h === roomId ? null : h)),
    [],
  );

  const viewBox = `0 0 ${size.width} ${size.height}`;
  // A layer the switch shows or hides: an SVG of its own over the image, composited by the browser,
  // so showing it is a change of opacity the compositor makes, with nothing styled or painted again.
  const layer = (on: boolean, testId: string, content: ReactNode) => (
    <svg
      className={on ? 'map-overlay' : 'map-overlay is-off'}
      viewBox={viewBox}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid={testId}
    >
      {content}
    </svg>
  );

  return (
    <>
      {layer(costs !== null, 'cost-shading-layer', shading)}
      <svg
        className="floor-image-map"
        viewBox={viewBox}
        preserveAspectRatio="none"
        role="group"
        aria-label={t('plan.imageMapLabel')}
      >
        {shapes.map(({ roomId, i, shape }) => {
          const label = roomId ? areaLabelOf.get(roomId) : undefined;
          if (!roomId || label === undefined) {
            return (
              <g key={i} className="map-area is-inert">
                <Shape shape={shape} />
              </g>
            );
          }
          return (
            <MapArea
              key={i}
              roomId={roomId}
              label={label}
              shape={shape}
              selected={roomId === selectedRoomId}
              hovered={hovered === roomId}
              onHover={hover}
              onChoose={choose}
            />
          );
        })}
      </svg>
      {layer(costs === null, 'room-labels-layer', areaLabels)}
      {layer(costs !== null, 'cost-labels-layer', costLabelsLayer)}
      {hovered && hoverCentre && (
        <div
          className="map-tooltip"
          data-testid="floor-image-tooltip"
          style={{
            left: `${(hoverCentre.x / size.width) * 100}%`,
            top: `${(hoverCentre.y / size.height) * 100}%`,
          }}
          aria-hidden="true"
        >
          <span>{roomNames.get(hovered) ?? t('plan.unnamedRoom')}</span>
          {hoverCost && (
            <span className="map-tooltip-cost" data-testid="floor-image-tooltip-cost">
              {hoverCost.cls === null ? t('roomsCosts.notPriced') : hoverCost.summary}
            </span>
          )}
        </div>
      )}
    </>
  );
}
