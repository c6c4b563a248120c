import { useCallback, useState, type ReactNode } from 'react';
import type { ImageMapView } from '../../../../src-shared/plans/types';
import { useT } from '../../i18n/store';
import { shapeCentre, type Size } from './image-map';
import { MapArea, Shape } from './MapLayers';
import type { RoomLabel } from './RoomLabels';
import { useMapLayers } from './use-map-layers';
import { useRoomsCosts } from './rooms-costs-store';
import { usePlans } from './store';
import { openRoom, usePlanCosts, type RoomCost } from './use-plan-costs';

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

  const { shapes, shading, areaLabels, costLabels, areaLabelOf } = useMapLayers(
    map,
    size,
    roomNames,
    roomLabels,
    planCosts,
    showLabels,
  );

  const hoveredShape = hovered ? shapes.find((s) => s.roomId === hovered) : undefined;
  const hoverCentre = hoveredShape ? shapeCentre(hoveredShape.shape) : null;
  const hoverCost = hovered ? costs?.byRoomId.get(hovered) : undefined;

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
      {layer(costs !== null, 'cost-labels-layer', costLabels)}
      {hovered && hoverCentre && (
        <MapTooltip
          at={hoverCentre}
          size={size}
          name={roomNames.get(hovered) ?? t('plan.unnamedRoom')}
          cost={hoverCost}
        />
      )}
    </>
  );
}

/** The hovered room's name, and its positions and net with the overlay on, beside the room. */
function MapTooltip({
  at,
  size,
  name,
  cost,
}: {
  at: { x: number; y: number };
  size: Size;
  name: string;
  cost: RoomCost | undefined;
}) {
  const t = useT();
  return (
    <div
      className="map-tooltip"
      data-testid="floor-image-tooltip"
      style={{ left: `${(at.x / size.width) * 100}%`, top: `${(at.y / size.height) * 100}%` }}
      aria-hidden="true"
    >
      <span>{name}</span>
      {cost && (
        <span className="map-tooltip-cost" data-testid="floor-image-tooltip-cost">
          {cost.cls === null ? t('roomsCosts.notPriced') : cost.summary}
        </span>
      )}
    </div>
  );
}
