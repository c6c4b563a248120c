import { useMemo, type KeyboardEvent } from 'react';
import type { FloorView, PlanView, StatisticView } from '../../../../src-shared/plans/types';
import { formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { FigureCard, MoreDetails, Notes, StatCards, usePlanUnits } from './bits';
import { CostLegend, CostToggle, ImageHint } from './CostLegend';
import { FloorImage } from './FloorImage';
import { statisticText } from './plan-text';
import { RoomCard, roomKey } from './RoomCard';
import type { RoomLabel } from './RoomLabels';
import { usePlans } from './store';

/** The plan-level figures every plan is expected to have: shown as "not available" when missing. */
const CORE_STATISTICS = ['area', 'perimeter', 'volume'];

function withCoreStatistics(stats: StatisticView[]): StatisticView[] {
  const missing = CORE_STATISTICS.filter((key) => !stats.some((s) => s.key === key)).map(
    (key): StatisticView => ({
      key,
      label: key[0]!.toUpperCase() + key.slice(1),
      value: null,
      formatted: null,
      display: null,
    }),
  );
  return [...stats, ...missing];
}

function floorKey(floor: FloorView, index: number): string {
  return floor.id ?? `index-${index}`;
}

function FloorPanel({ floor, index }: { floor: FloorView; index: number }) {
  const t = useT();
  const lang = useLang();
  const units = usePlanUnits();
  const selectedRoomId = usePlans((s) => s.selectedRoomId);
  const selectRoom = usePlans((s) => s.selectRoom);
  const showLabels = usePlans((s) => s.showRoomLabels);
  const setShowLabels = usePlans((s) => s.setShowRoomLabels);
  const { roomNames, roomLabels } = useMemo(() => {
    const names = new Map<string, string>();
    const labels = new Map<string, RoomLabel>();
    for (const r of floor.rooms) {
      if (!r.id) continue;
      const name = r.name ?? t('plan.unnamedRoom');
      names.set(r.id, name);
      const area = r.statistics.find((s) => s.key === 'area');
      labels.set(r.id, { name, area: statisticText(area, lang, units) });
    }
    return { roomNames: names, roomLabels: labels };
  }, [floor.rooms, t, lang, units]);
  const key = floorKey(floor, index);
  const hasMap = (floor.imageMap?.areas.length ?? 0) > 0;

  return (
    <div
      className="floor-panel"
      role="tabpanel"
      id={`floor-panel-${key}`}
      aria-labelledby={`floor-tab-${key}`}
      data-testid={`floor-panel-${key}`}
    >
      <FloorSummary floor={floor} />
      <div className="floor-layout">
        <div className="floor-image-column">
          {floor.imageMap?.url && hasMap && (
            <label className="room-labels-toggle">
              <input
                type="checkbox"
                checked={showLabels}
                onChange={(e) => setShowLabels(e.target.checked)}
                data-testid="room-labels-toggle"
              />
              {t('plainPlan.roomLabels')}
            </label>
          )}
          {floor.imageMap?.url && hasMap && <CostToggle />}
          <FloorImage floor={floor} roomNames={roomNames} roomLabels={roomLabels} />
          {floor.rooms.length > 0 && floor.imageMap?.url && <ImageHint />}
        </div>
        <div className="floor-notes-column">
          {hasMap && <CostLegend />}
          <Notes notes={floor.notes} title={t('plan.floorNotes')} />
          <MoreDetails extra={floor.extra} testId={`floor-more-${key}`} />
        </div>
      </div>
      <h3 className="plan-section-title">
        {t('plan.rooms')} <span className="room-objects-count">{formatNumber(floor.rooms.length, lang)}</span>
      </h3>
      {floor.rooms.length === 0 ? (
        <p className="plan-muted">{t('plan.noRooms')}</p>
      ) : (
        <div className="room-grid">
          {floor.rooms.map((room, i) => (
            <RoomCard
              key={roomKey(room, i)}
              room={room}
              index={i}
              selected={room.id !== null && room.id === selectedRoomId}
              onSelect={(id) => selectRoom(id === selectedRoomId ? null : id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The floor's statistics (translated labels) and ceiling height, as cards. */
function FloorSummary({ floor }: { floor: FloorView }) {
  const t = useT();
  const lang = useLang();
  const units = usePlanUnits();
  return (
    <StatCards
      stats={floor.statistics}
      size="sm"
      label={t('plan.floorFigures')}
      testIdPrefix="floor-stat-"
      after={
        <>
          <FigureCard
            label={t('plan.stat.ceilingHeight')}
            value={statisticText(floor.ceilingHeight, lang, units)}
            testId="floor-ceiling-height"
          />
          {floor.level !== null && (
            <FigureCard
              label={t('plan.level')}
              value={formatNumber(floor.level, lang)}
              testId="floor-level"
            />
          )}
        </>
      }
    />
  );
}

function FloorTabs({ floors }: { floors: FloorView[] }) {
  const t = useT();
  const floorIndex = usePlans((s) => s.floorIndex);
  const selectFloor = usePlans((s) => s.selectFloor);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (floorIndex + 1) % floors.length;
    else if (e.key === 'ArrowLeft') next = (floorIndex - 1 + floors.length) % floors.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = floors.length - 1;
    if (next === null) return;
    e.preventDefault();
    selectFloor(next);
    const target = floors[next];
    if (target) document.getElementById(`floor-tab-${floorKey(target, next)}`)?.focus();
  };

  return (
    <div className="floor-tabs" role="tablist" aria-label={t('plan.floors')} onKeyDown={onKey}>
      {floors.map((floor, i) => {
        const key = floorKey(floor, i);
        const selected = i === floorIndex;
        return (
          <button
            key={key}
            type="button"
            role="tab"
            id={`floor-tab-${key}`}
            className={`floor-tab${selected ? ' is-selected' : ''}`}
            aria-selected={selected}
            aria-controls={`floor-panel-${key}`}
            tabIndex={selected ? 0 : -1}
            data-testid={`floor-tab-${key}`}
            onClick={() => selectFloor(i)}
          >
            {floor.name ?? t('plan.floorNumber', { number: i + 1 })}
          </button>
        );
      })}
    </div>
  );
}

/** The plan's figures, counts and notes, then its floors (tabs) with their image and rooms. */
export function PlanOverview({ view }: { view: PlanView }) {
  const t = useT();
  const lang = useLang();
  const floorIndex = usePlans((s) => s.floorIndex);
  const count = (n: number | null) => (n === null ? null : formatNumber(n, lang));
  const floors = view.floors;
  const floor = floors?.[Math.min(floorIndex, Math.max(0, (floors?.length ?? 1) - 1))];

  return (
    <div className="plan-overview">
      <section className="plan-card" aria-labelledby="plan-figures-title">
        <h3 id="plan-figures-title" className="plan-section-title">
          {t('plan.statistics')}
        </h3>
        <div data-testid="plan-statistics">
          <StatCards
            stats={withCoreStatistics(view.statistics)}
            testIdPrefix="plan-stat-"
            label={t('plan.statistics')}
          />
        </div>
        <dl className="stat-cards stat-cards-counts" aria-label={t('plan.counts')}>
          <FigureCard label={t('plan.doorCount')} value={count(view.doorCount)} testId="plan-door-count" />
          <FigureCard
            label={t('plan.windowCount')}
            value={count(view.windowCount)}
            testId="plan-window-count"
          />
          <FigureCard label={t('plan.floorCount')} value={count(view.floorCount)} testId="plan-floor-count" />
          <FigureCard label={t('plan.roomCount')} value={count(view.roomCount)} testId="plan-room-count" />
          <FigureCard label={t('plan.wallCount')} value={count(view.wallCount)} testId="plan-wall-count" />
        </dl>
        <Notes notes={view.notes} title={t('plan.notes')} />
        <MoreDetails extra={view.extra} testId="plan-more" />
      </section>

      {floors === null ? (
        <div className="plan-not-available" data-testid="plan-not-available" role="note">
          {t('plan.floorsNotAvailable')}
        </div>
      ) : floors.length === 0 ? (
        <p className="plan-muted">{t('plan.noFloors')}</p>
      ) : (
        <section className="plan-floors" aria-label={t('plan.floors')}>
          <FloorTabs floors={floors} />
          {floor && <FloorPanel key={floorKey(floor, floorIndex)} floor={floor} index={floorIndex} />}
        </section>
      )}
    </div>
  );
}
