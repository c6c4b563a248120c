/**
 * The words of the per-room costs that the screen and the CLI both say: why positions are not on the
 * plan, and why nothing could be placed. One place, in every language of the catalogue.
 */
import type { Translate } from '../i18n/catalogue';
import type { NotOnPlanGroup, PlanProblem } from './rooms-costs-types';

/** Why nothing could be placed (a plan that failed adds its error's own words after this). */
export function planProblemText(problem: PlanProblem, t: Translate): string {
  switch (problem.kind) {
    case 'plan-failed':
      return t('roomsCosts.problem.planFailed');
    case 'no-project-plan':
      return t('roomsCosts.problem.noProjectPlan');
    case 'no-plan-id':
      return t('roomsCosts.problem.noPlanId');
    case 'other-plan':
      return t('roomsCosts.problem.otherPlan', { planId: problem.planId });
    case 'no-floors':
      return t('roomsCosts.problem.noFloors');
  }
}

/** Why the positions of a group are not on the plan, naming the text at fault. */
export function notOnPlanText(
  group: Pick<NotOnPlanGroup, 'reason' | 'text' | 'floors'>,
  t: Translate,
): string {
  const text = group.text ?? '';
  switch (group.reason) {
    case 'no-location':
      return t('roomsCosts.reason.noLocation');
    case 'unknown-room':
      return t('roomsCosts.reason.unknownRoom', { text });
    case 'floor-only':
      return t('roomsCosts.reason.floorOnly', { text });
    case 'ambiguous':
      return group.floors.length > 0
        ? t('roomsCosts.reason.ambiguous', { text, floors: group.floors.join(', ') })
        : t('roomsCosts.reason.ambiguousReading', { text });
    case 'not-on-floor':
      return t('roomsCosts.reason.notOnFloor', { text, floors: group.floors.join(', ') });
    case 'conflict':
      return t('roomsCosts.reason.conflict', { text });
    case 'hidden-characters':
      return t('roomsCosts.reason.hidden', { text });
    case 'plan-unavailable':
      return t('roomsCosts.reason.planUnavailable');
  }
}
