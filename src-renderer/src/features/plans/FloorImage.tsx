import { useEffect, useState } from 'react';
import type { FloorView } from '../../../../src-shared/plans/types';
import { Button } from '../../components/Button';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { FloorMap } from './FloorMap';
import type { Size } from './image-map';
import type { RoomLabel } from './RoomLabels';
import { usePlans } from './store';

/**
 * The floor image (fetched by main when first shown), with its image map on top (FloorMap.tsx): each
 * room outlined and labelled, named on hover, selected by a click or Enter, and shaded by its cost
 * while the cost overlay is on.
 */
export function FloorImage({
  floor,
  roomNames,
  roomLabels,
}: {
  floor: FloorView;
  roomNames: Map<string, string>;
  roomLabels: ReadonlyMap<string, RoomLabel>;
}) {
  const t = useT();
  const lang = useLang();
  const map = floor.imageMap;
  const url = map?.url ?? null;
  const image = usePlans((s) => (url ? s.images[url] : undefined));
  const offline = usePlans((s) => s.result?.source === 'cache');
  const [natural, setNatural] = useState<{ src: string; size: Size } | null>(null);

  useEffect(() => {
    if (url) void usePlans.getState().loadImage(url);
  }, [url]);

  const floorName = floor.name ?? t('plan.unnamedFloor');
  const aspect =
    map?.width && map.height && map.width > 0 && map.height > 0 ? `${map.width} / ${map.height}` : '16 / 10';

  // No image at all (the older plan shape has none): a line, not an empty frame.
  if (!url) {
    return (
      <p className="plan-muted" data-testid="floor-image-absent">
        {t('plan.noImage')}
      </p>
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
      {size && map && <FloorMap map={map} size={size} roomNames={roomNames} roomLabels={roomLabels} />}
    </div>
  );
}
