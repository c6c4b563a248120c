import type { MessageKey } from '../../../../src-shared/i18n/catalogue';
import type { DriftRoom, RoomsDrift, RoomState } from '../../../../src-shared/plans/rooms-costs-types';
import { visibleText } from '../../../../src-shared/plans/match-text';
import { Notice } from '../../components/Notice';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';

/** What a room's move between priced, not priced and absent is called. */
const MOVES: Partial<Record<`${RoomState}>${RoomState}`, MessageKey>> = {
  'priced>not-priced': 'roomsCosts.drift.nowNotPriced',
  'not-priced>priced': 'roomsCosts.drift.nowPriced',
  'priced>absent': 'roomsCosts.drift.removedPriced',
  'not-priced>absent': 'roomsCosts.drift.removed',
  'absent>priced': 'roomsCosts.drift.addedPriced',
  'absent>not-priced': 'roomsCosts.drift.added',
};

/**
 * What moved between priced and not priced since the user last looked at this estimate on its plan:
 * which side changed (the plan, the estimate and its kept versions), each room that moved, and the
 * positions not on the plan then and now. Stays until dismissed.
 */
export function DriftNotice({
  drift,
  money,
  onDismiss,
}: {
  drift: RoomsDrift;
  money: (shown: string) => string;
  onDismiss: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const roomName = (m: DriftRoom) => {
    const name = `${visibleText(m.name ?? t('plan.unnamedRoom'))}${m.floor ? ` (${visibleText(m.floor)})` : ''}`;
    return m.nameBefore === undefined
      ? name
      : t('roomsCosts.drift.renamed', {
          room: name,
          before: visibleText(m.nameBefore ?? t('plan.unnamedRoom')),
        });
  };
  const { notOnPlan } = drift;
  return (
    <Notice
      tone="info"
      testId="rooms-costs-drift"
      title={t('roomsCosts.drift.title', { date: formatDateTime(drift.since, lang) || drift.since })}
      onDismiss={onDismiss}
    >
      <ul className="rooms-costs-drift">
        {drift.planChanged && <li>{t('roomsCosts.drift.planChanged')}</li>}
        {drift.estimateChanged && (
          <li>
            {drift.versions
              ? t('roomsCosts.drift.versions', { from: drift.versions.from, to: drift.versions.to })
              : t('roomsCosts.drift.estimateChanged')}
          </li>
        )}
        {drift.moved.map((m) => {
          const key = MOVES[`${m.before}>${m.after}`];
          return key ? (
            <li key={m.id} data-testid={`rooms-costs-drift-${m.id}`}>
              {t(key, { room: roomName(m) })}
            </li>
          ) : null;
        })}
        {drift.moved.length === 0 && <li>{t('roomsCosts.drift.nothingMoved')}</li>}
        {notOnPlan.before !== notOnPlan.after && (
          <li>
            {t('roomsCosts.drift.notOnPlan', {
              before: notOnPlan.before,
              after: notOnPlan.after,
              amount: money(notOnPlan.afterNet),
            })}
          </li>
        )}
      </ul>
    </Notice>
  );
}
