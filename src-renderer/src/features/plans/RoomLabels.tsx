import { labelFontSize, shapeCentre, type AreaShape, type Size } from './image-map';

export interface RoomLabel {
  name: string;
  /** The room's area as shown elsewhere (the service's text, or the number with the plan's unit). */
  area: string | null;
}

/**
 * Each room's name and area written on the floor image, as in the service's own app: centred in its
 * shape, shrunk to fit, left out where it cannot be read. Decoration only: the areas stay the
 * clickable, named parts of the map.
 */
export function RoomLabels({
  shapes,
  labels,
  image,
  layer = 'room',
}: {
  shapes: { roomId: string | null; shape: AreaShape }[];
  labels: ReadonlyMap<string, RoomLabel>;
  image: Size;
  /** 'cost': the labels of the cost overlay (name and net), a layer of their own beside these. */
  layer?: 'room' | 'cost';
}) {
  const prefix = layer === 'cost' ? 'floor-room-cost-label' : 'floor-room-label';
  return (
    <g
      className={`room-labels is-${layer}`}
      aria-hidden="true"
      data-testid={layer === 'cost' ? 'floor-room-cost-labels' : 'floor-room-labels'}
    >
      {shapes.map(({ roomId, shape }, i) => {
        const label = roomId ? labels.get(roomId) : undefined;
        if (!label) return null;
        const full = label.area ? [label.name, label.area] : [label.name];
        // Where name and area do not both fit, the name alone is written.
        const lines = labelFontSize(shape, full, image) !== null ? full : [label.name];
        const size = labelFontSize(shape, lines, image);
        if (size === null) return null;
        const { x, y } = shapeCentre(shape);
        const top = y - ((lines.length - 1) * size * 1.25) / 2;
        return (
          <text
            key={`${roomId}-${i}`}
            className="room-label"
            x={x}
            y={top}
            fontSize={size}
            textAnchor="middle"
            dominantBaseline="middle"
            data-testid={`${prefix}-${roomId}`}
          >
            {lines.map((line, n) => (
              <tspan
                key={n}
                x={x}
                dy={n === 0 ? 0 : size * 1.25}
                className={n === 1 ? 'room-label-area' : undefined}
              >
                {line}
              </tspan>
            ))}
          </text>
        );
      })}
    </g>
  );
}
