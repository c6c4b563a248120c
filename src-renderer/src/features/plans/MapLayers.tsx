import { memo, useId, type KeyboardEvent, type SVGProps } from 'react';
import { COST_COLOURS } from './cost-scale';
import { pointsAttr, type AreaShape, type Size } from './image-map';
import type { PlanCosts } from './use-plan-costs';

export function Shape({ shape, ...props }: { shape: AreaShape } & SVGProps<SVGElement>) {
  const p = props as SVGProps<SVGRectElement> & SVGProps<SVGCircleElement> & SVGProps<SVGPolygonElement>;
  if (shape.kind === 'rect')
    return <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} {...p} />;
  if (shape.kind === 'circle') return <circle cx={shape.cx} cy={shape.cy} r={shape.r} {...p} />;
  return <polygon points={pointsAttr(shape.points)} {...p} />;
}

export interface MapShape {
  roomId: string | null;
  i: number;
  shape: AreaShape;
}

/**
 * Each room shaded by its net amount (the colour of its class), a room without positions hatched:
 * a layer under the rooms' outlines, drawn once the costs are there.
 */
export function CostShading({ shapes, costs, size }: { shapes: MapShape[]; costs: PlanCosts; size: Size }) {
  const pattern = `cost-hatch-${useId().replace(/:/g, '')}`;
  const cell = Math.max(6, Math.round(Math.min(size.width, size.height) / 90));
  return (
    <g className="cost-shading" aria-hidden="true" data-testid="cost-shading">
      <defs>
        <pattern
          id={pattern}
          width={cell}
          height={cell}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width={cell} height={cell} className="cost-hatch-ground" />
          <line x1={0} y1={0} x2={0} y2={cell} className="cost-hatch-line" strokeWidth={cell / 3} />
        </pattern>
      </defs>
      {shapes.map(({ roomId, i, shape }) => {
        const cost = roomId ? costs.byRoomId.get(roomId) : undefined;
        if (!cost) return null;
        return (
          <Shape
            key={i}
            shape={shape}
            className={cost.cls === null ? 'cost-fill is-not-priced' : 'cost-fill'}
            fill={cost.cls === null ? `url(#${pattern})` : COST_COLOURS[cost.cls]}
            data-testid={`cost-fill-${roomId}`}
            data-cost-class={cost.cls ?? 'not-priced'}
          />
        );
      })}
    </g>
  );
}

/**
 * One room's area on the floor image: named (with its cost, once known), hovered and focused, chosen
 * by a click or Enter. Memoised: a hover or the cost switch re-renders only the areas that change.
 */
export const MapArea = memo(function MapArea({
  roomId,
  label,
  shape,
  selected,
  hovered,
  onHover,
  onChoose,
}: {
  roomId: string;
  label: string;
  shape: AreaShape;
  selected: boolean;
  hovered: boolean;
  onHover: (roomId: string, on: boolean) => void;
  onChoose: (roomId: string) => void;
}) {
  const onKey = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onChoose(roomId);
    }
  };
  return (
    <g
      className={`map-area${selected ? ' is-selected' : ''}${hovered ? ' is-hovered' : ''}`}
      data-testid={`floor-image-area-${roomId}`}
      data-selected={selected ? 'true' : 'false'}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      onMouseEnter={() => onHover(roomId, true)}
      onMouseLeave={() => onHover(roomId, false)}
      onFocus={() => onHover(roomId, true)}
      onBlur={() => onHover(roomId, false)}
      onClick={() => onChoose(roomId)}
      onKeyDown={onKey}
    >
      <title>{label}</title>
      <Shape shape={shape} />
    </g>
  );
});
