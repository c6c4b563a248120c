import { useEffect, useState, type KeyboardEvent } from 'react';
import type { FloorView } from '../../../../src-shared/plans/types';
import { Button } from '../../components/Button';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { areaShape, pointsAttr, shapeCentre, type AreaShape, type Size } from './image-map';
import { usePlans } from './store';

function Shape({ shape }: { shape: AreaShape }) {
  if (shape.kind === 'rect')
    return <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} />;
  if (shape.kind === 'circle') return <circle cx={shape.cx} cy={shape.cy} r={shape.r} />;
  return <polygon points={pointsAttr(shape.points)} />;
}

/**
 * The floor image (fetched by main when first shown) with the image map's areas outlined on top:
 * hovering an area names its room, clicking (or Enter) selects the room.
 */
export function FloorImage({ floor, roomNames }: { floor: FloorView; roomNames: Map<string, string> }) {
  const t = useT();
  const lang = useLang();
  const map = floor.imageMap;
  const url = map?.url ?? null;
  const image = usePlans((s) => (url ? s.images[url] : undefined));
  const selectedRoomId = usePlans((s) => s.selectedRoomId);
  const offline = usePlans((s) => s.result?.source === 'cache');
  const selectRoom = usePlans((s) => s.selectRoom);
  const [natural, setNatural] = useState<{ src: string; size: Size } | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);

  useEffect(() => {
    if (url) void usePlans.getState().loadImage(url);
  }, [url]);

  const floorName = floor.name ?? t('plan.unnamedFloor');
  const aspect =
    map?.width && map.height && map.width > 0 && map.height > 0 ? `${map.width} / ${map.height}` : '16 / 10';

  if (!url) {
    return (
      <div className="floor-image-placeholder is-empty" style={{ aspectRatio: aspect }}>
        {t('plan.noImage')}
      </div>
    );
  }
  if (!image || image.status === 'loading') {
    return (
      <div className="floor-image-placeholder" style={{ aspectRatio: aspect }} aria-busy="true">
        <span className="floor-image-spinner" aria-hidden="true" />
        {t('plan.imageLoading')}
      </div>
    );
  }
  if (image.status === 'none') {
    return (
      <div
        className="floor-image-placeholder is-empty"
        style={{ aspectRatio: aspect }}
        data-testid="floor-image-none"
      >
        {offline ? t('plan.imageNotKept') : t('plan.noImage')}
      </div>
    );
  }
  if (image.status === 'error') {
    return (
      <div
        className="floor-image-placeholder is-error"
        style={{ aspectRatio: aspect }}
        data-testid="floor-image-error"
      >
        <span>{t('plan.imageFailed')}</span>
        <span className="plan-muted">{describeError(image.error, lang)}</span>
        <Button size="sm" onClick={() => void usePlans.getState().loadImage(url, true)}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const size = natural?.src === image.dataUrl ? natural.size : null;
  const shapes =
    size && map
      ? map.areas
          .map((area, i) => ({ area, i, shape: areaShape(area.coords, map, size) }))
          .filter(
            (a): a is { area: (typeof map.areas)[number]; i: number; shape: AreaShape } => a.shape !== null,
          )
      : [];
  const hoveredShape = hovered ? shapes.find((s) => s.area.roomId === hovered) : undefined;
  const hoverCentre = hoveredShape && size ? shapeCentre(hoveredShape.shape) : null;

  const onAreaKey = (e: KeyboardEvent<SVGGElement>, roomId: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      selectRoom(roomId);
    }
  };

  return (
    <div className="floor-image-frame">
      <img
        src={image.dataUrl}
        alt={t('plan.floorImageAlt', { name: floorName })}
        data-testid="floor-image"
        className="floor-image"
        draggable={false}
        onLoad={(e) => {
          const img = e.currentTarget;
          setNatural({ src: image.dataUrl, size: { width: img.naturalWidth, height: img.naturalHeight } });
        }}
      />
      {size && (
        <svg
          className="floor-image-map"
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          role="group"
          aria-label={t('plan.imageMapLabel')}
        >
          {shapes.map(({ area, i, shape }) => {
            const roomId = area.roomId;
            const name = roomId ? (roomNames.get(roomId) ?? t('plan.unnamedRoom')) : null;
            if (!roomId || name === null) {
              return (
                <g key={i} className="map-area is-inert">
                  <Shape shape={shape} />
                </g>
              );
            }
            const selected = roomId === selectedRoomId;
            return (
              <g
                key={i}
                className={`map-area${selected ? ' is-selected' : ''}${hovered === roomId ? ' is-hovered' : ''}`}
                data-testid={`floor-image-area-${roomId}`}
                data-selected={selected ? 'true' : 'false'}
                role="button"
                tabIndex={0}
                aria-label={name}
                aria-pressed={selected}
                onMouseEnter={() => setHovered(roomId)}
                onMouseLeave={() => setHovered((h) => (h === roomId ? null : h))}
                onFocus={() => setHovered(roomId)}
                onBlur={() => setHovered((h) => (h === roomId ? null : h))}
                onClick={() => selectRoom(roomId)}
                onKeyDown={(e) => onAreaKey(e, roomId)}
              >
                <title>{name}</title>
                <Shape shape={shape} />
              </g>
            );
          })}
        </svg>
      )}
      {hovered && hoverCentre && size && (
        <div
          className="map-tooltip"
          data-testid="floor-image-tooltip"
          style={{
            left: `${(hoverCentre.x / size.width) * 100}%`,
            top: `${(hoverCentre.y / size.height) * 100}%`,
          }}
          aria-hidden="true"
        >
          {roomNames.get(hovered) ?? t('plan.unnamedRoom')}
        </div>
      )}
    </div>
  );
}
