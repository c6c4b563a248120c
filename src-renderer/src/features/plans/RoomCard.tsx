import { useEffect, useRef, useState } from 'react';
import type {
  ObjectKind,
  ObjectView,
  RoomView,
  ValueEntry,
  WallView,
} from '../../../../src-shared/plans/types';
import { Badge } from '../../components/Badge';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { MoreDetails, Notes, NotAvailable, StatCards, Swatch, usePlanUnits, useTerm } from './bits';
import { extraEntries, measuredValueText, statisticText, valueLabelKey, valueOf } from './plan-text';

const DASH = '—';

/** Which values each kind of object shows in its own columns (the rest go under "More"). */
const OBJECT_COLUMNS: Record<ObjectKind, string[]> = {
  door: ['width', 'height', 'depth'],
  window: ['width', 'height', 'depth'],
  furniture: ['height', 'width', 'depth'],
  'affected-area': ['color', 'dimensions.width', 'dimensions.height'],
  other: [],
};

const GROUP_TITLES: Record<ObjectKind, MessageKey> = {
  door: 'plan.doors',
  window: 'plan.windows',
  furniture: 'plan.furniture',
  'affected-area': 'plan.affectedAreas',
  other: 'plan.otherObjects',
};

/** A room's key for test ids and React: its id, else its position. */
export function roomKey(room: RoomView, index: number): string {
  return room.id ?? `index-${index}`;
}

/** The value columns of a walls table: every key any wall has, in first-seen order. */
function wallColumns(walls: WallView[]): string[] {
  const keys: string[] = [];
  for (const w of walls) for (const v of w.values) if (!keys.includes(v.key)) keys.push(v.key);
  return keys;
}

function leftovers(o: ObjectView, shown: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of o.values) if (!shown.includes(v.key)) out[v.key] = v.value;
  if (o.kind === 'other' && o.category) out.category = o.category;
  for (const [k, v] of Object.entries(o.extra)) out[k] = v;
  return out;
}

function WallRef({
  object,
  onHighlight,
}: {
  object: ObjectView;
  onHighlight: (index: number | null) => void;
}) {
  const t = useT();
  if (object.wallUid === null) return <span className="cell-empty">{DASH}</span>;
  if (object.wallIndex === null) {
    return (
      <span className="wall-ref-unknown" title={object.wallUid}>
        {t('plan.wallUnknown')}
      </span>
    );
  }
  const index = object.wallIndex;
  return (
    <button
      type="button"
      className="wall-ref"
      title={object.wallUid}
      onFocus={() => onHighlight(index)}
      onBlur={() => onHighlight(null)}
      onClick={() => onHighlight(index)}
    >
      {t('plan.wallNumber', { number: index + 1 })}
    </button>
  );
}

/** A wall's or an object's value in words: measurements with the plan's unit, materials translated. */
function ValueCell({ values, keyName }: { values: ValueEntry[]; keyName: string }) {
  const lang = useLang();
  const units = usePlanUnits();
  const term = useTerm();
  const value = valueOf(values, keyName);
  if (value === undefined || value === null) return <span className="cell-empty">{DASH}</span>;
  if (keyName === 'material' && typeof value === 'string') {
    return <span title={value}>{term('material', value)}</span>;
  }
  if ((keyName === 'color' || keyName === 'colour') && typeof value === 'string') {
    return <Swatch colour={value} />;
  }
  return <>{measuredValueText(keyName, value, lang, units)}</>;
}

/** What kind of object it is, from its symbol: "Single door" for `door_single`. */
function SymbolCell({ object }: { object: ObjectView }) {
  const term = useTerm();
  if (!object.symbolId) return <span className="cell-empty">{DASH}</span>;
  return <span title={object.symbolId}>{term('symbol', object.symbolId)}</span>;
}

function ObjectGroup({
  kind,
  objects,
  roomId,
  onHighlight,
}: {
  kind: ObjectKind;
  objects: ObjectView[];
  roomId: string;
  onHighlight: (index: number | null) => void;
}) {
  const t = useT();
  const lang = useLang();
  const term = useTerm();
  if (objects.length === 0) return null;
  const columns = OBJECT_COLUMNS[kind];
  const rest = objects.map((o) => leftovers(o, columns));
  const hasMore = rest.some((r) => Object.keys(r).length > 0);
  const hasSymbols = objects.some((o) => o.symbolId);
  const header = (key: string) => {
    const label = valueLabelKey(key);
    return label ? t(label) : key;
  };

  return (
    <div className="room-objects" data-kind={kind}>
      <h5 className="room-objects-title">
        {t(GROUP_TITLES[kind])} <span className="room-objects-count">{objects.length}</span>
      </h5>
      <table className="mini-table">
        <thead>
          <tr>
            <th scope="col">{t('plan.objectName')}</th>
            {hasSymbols && <th scope="col">{t('plainPlan.objectType')}</th>}
            {kind === 'affected-area' ? (
              <>
                <th scope="col">{t('plan.value.color')}</th>
                <th scope="col">{t('plan.dimensions')}</th>
              </>
            ) : (
              columns.map((c) => (
                <th key={c} scope="col" className="num">
                  {header(c)}
                </th>
              ))
            )}
            <th scope="col">{t('plan.wall')}</th>
            {hasMore && <th scope="col">{t('plan.objectMore')}</th>}
          </tr>
        </thead>
        <tbody>
          {objects.map((o, i) => {
            const more = rest[i] ?? {};
            const moreEntries = extraEntries(more, lang);
            return (
              <tr
                key={o.uid ?? i}
                data-testid={`room-object-${o.uid ?? `${roomId}-${kind}-${i}`}`}
                data-kind={kind}
                data-wall-index={o.wallIndex ?? undefined}
                onMouseEnter={() => onHighlight(o.wallIndex)}
                onMouseLeave={() => onHighlight(null)}
              >
                <td className="mini-name" title={o.name ?? undefined}>
                  {o.name ??
                    (o.symbolId ? term('symbol', o.symbolId) : null) ??
                    (o.category ? term('symbol', o.category) : null) ?? (
                      <span className="cell-empty">{DASH}</span>
                    )}
                </td>
                {hasSymbols && (
                  <td>
                    <SymbolCell object={o} />
                  </td>
                )}
                {kind === 'affected-area' ? (
                  <>
                    <td>
                      <ValueCell values={o.values} keyName="color" />
                    </td>
                    <td className="num">
                      <AreaDimensions values={o.values} />
                    </td>
                  </>
                ) : (
                  columns.map((c) => (
                    <td key={c} className="num">
                      <ValueCell values={o.values} keyName={c} />
                    </td>
                  ))
                )}
                <td>
                  <WallRef object={o} onHighlight={onHighlight} />
                </td>
                {hasMore && (
                  <td className="mini-more">
                    {moreEntries.length > 0 ? (
                      <ul className="loose-list">
                        {moreEntries.map((e) => (
                          <li key={e.key}>
                            <span className="loose-key">{e.key}:</span> {e.text}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function AreaDimensions({ values }: { values: ValueEntry[] }) {
  const lang = useLang();
  const units = usePlanUnits();
  const w = valueOf(values, 'dimensions.width');
  const h = valueOf(values, 'dimensions.height');
  if ((w === undefined || w === null) && (h === undefined || h === null))
    return <span className="cell-empty">{DASH}</span>;
  return (
    <>
      {measuredValueText('width', w ?? null, lang, units)} ×{' '}
      {measuredValueText('height', h ?? null, lang, units)}
    </>
  );
}

/** One room: figures, walls, objects by kind (each pointing at its wall), notes and unknown fields. */
export function RoomCard({
  room,
  index,
  selected,
  onSelect,
}: {
  room: RoomView;
  index: number;
  selected: boolean;
  onSelect: (roomId: string | null) => void;
}) {
  const t = useT();
  const lang = useLang();
  const units = usePlanUnits();
  const term = useTerm();
  const id = roomKey(room, index);
  const roomType = room.roomType ? term('roomType', room.roomType) : null;
  const [wallHighlight, setWallHighlight] = useState<number | null>(null);
  const ref = useRef<HTMLElement>(null);
  const columns = wallColumns(room.walls);
  const wallsHaveExtra = room.walls.some((w) => Object.keys(w.extra).length > 0);

  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);

  const header = (key: string) => {
    const label = valueLabelKey(key);
    return label ? t(label) : key;
  };

  return (
    <article
      ref={ref}
      className={`room-card${selected ? ' is-selected' : ''}`}
      data-testid={`room-card-${id}`}
      data-selected={selected ? 'true' : 'false'}
      aria-labelledby={`room-title-${id}`}
    >
      <header className="room-card-header">
        <h4 id={`room-title-${id}`} className="room-card-title">
          <button
            type="button"
            className="room-card-select"
            onClick={() => onSelect(room.id)}
            aria-pressed={selected}
          >
            {room.name ?? t('plan.unnamedRoom')}
          </button>
        </h4>
        {roomType && <Badge tone="neutral">{roomType}</Badge>}
      </header>

      <StatCards stats={room.statistics} size="sm" label={t('plan.statistics')} />

      <dl className="room-facts">
        <dt>{t('plan.dimensions')}</dt>
        <dd>{room.formattedDimensions ?? <NotAvailable />}</dd>
        <dt>{t('plan.roomType')}</dt>
        <dd title={room.roomType ?? undefined}>{roomType ?? <NotAvailable />}</dd>
        <dt>{t('plan.stat.ceilingHeight')}</dt>
        <dd>{statisticText(room.ceilingHeight, lang, units) ?? <NotAvailable />}</dd>
        <dt>{t('plan.floorColour')}</dt>
        <dd>
          <Swatch colour={room.groundColor} testId={`room-swatch-${id}`} />
        </dd>
      </dl>

      <Notes notes={room.notes} title={t('plan.notes')} />

      <div className="room-walls-block">
        <h5 className="room-objects-title">
          {t('plan.walls')} <span className="room-objects-count">{room.walls.length}</span>
        </h5>
        {room.walls.length === 0 ? (
          <p className="plan-muted">{t('plan.noWalls')}</p>
        ) : (
          <table className="mini-table" data-testid={`room-walls-${id}`}>
            <thead>
              <tr>
                <th scope="col">{t('plan.wall')}</th>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {header(c)}
                  </th>
                ))}
                {wallsHaveExtra && <th scope="col">{t('plan.objectMore')}</th>}
              </tr>
            </thead>
            <tbody>
              {room.walls.map((wall, i) => (
                <tr
                  key={wall.uid ?? i}
                  className={wallHighlight === i ? 'is-highlighted' : undefined}
                  data-wall-index={i}
                  data-highlighted={wallHighlight === i ? 'true' : undefined}
                  title={wall.uid ?? undefined}
                >
                  <th scope="row">{t('plan.wallNumber', { number: i + 1 })}</th>
                  {columns.map((c) => (
                    <td key={c}>
                      <ValueCell values={wall.values} keyName={c} />
                    </td>
                  ))}
                  {wallsHaveExtra && (
                    <td className="mini-more">
                      <ul className="loose-list">
                        {extraEntries(wall.extra, lang).map((e) => (
                          <li key={e.key}>
                            <span className="loose-key">{e.key}:</span> {e.text}
                          </li>
                        ))}
                      </ul>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <ObjectGroup kind="door" objects={room.doors} roomId={id} onHighlight={setWallHighlight} />
      <ObjectGroup kind="window" objects={room.windows} roomId={id} onHighlight={setWallHighlight} />
      <ObjectGroup kind="furniture" objects={room.furniture} roomId={id} onHighlight={setWallHighlight} />
      <ObjectGroup
        kind="affected-area"
        objects={room.affectedAreas}
        roomId={id}
        onHighlight={setWallHighlight}
      />
      <ObjectGroup kind="other" objects={room.otherObjects} roomId={id} onHighlight={setWallHighlight} />

      <MoreDetails extra={room.extra} testId={`room-more-${id}`} />
    </article>
  );
}
