import type { ProjectFacts } from '../../../../src-shared/projects/types';
import { call, newOperationId } from '../../api';

/**
 * Asking main for projects' facts until they are complete: main fetches a batch per call (the ids
 * first in the list first) and answers with everything known; this asks again for what is still
 * missing, until all is known or a round brings nothing new (offline, the request budget's share
 * used, estimates the service refuses). The projects list and a project's overview both use it.
 */

/** Every estimate of the project is counted in its facts. */
export function factsComplete(f: ProjectFacts | null | undefined): boolean {
  return Boolean(f && f.estimates !== null && f.totalsKnown === f.estimates);
}

/** How much is known, counted so that any news makes it grow. */
function knownAmount(facts: readonly (ProjectFacts | null | undefined)[]): number {
  return facts.reduce((n, f) => n + (f && f.estimates !== null ? 1 + f.totalsKnown : 0), 0);
}

export interface FactsRun {
  /** The projects wanted in this round (0 first), most wanted first. */
  wanted: (round: number) => string[];
  /** The facts of the projects asked (and whatever else main answered). */
  receive: (facts: Record<string, ProjectFacts>) => void;
  /** The facts shown now, to tell whether a round brought news. */
  current: () => (ProjectFacts | null | undefined)[];
  /** False once the run's answers are no longer wanted (a newer run, the screen left). */
  stillWanted: () => boolean;
  /**
   * Each call's operation, as it starts: main may go on with a call's requests after answering it,
   * so stopping cancels every one of them.
   */
  onOperation?: (operationId: string) => void;
}

/** The most ids one call may carry (the contract's limit). */
const MAX_IDS = 100;

/** Runs rounds until done; false when it stopped because the answers were no longer wanted. */
export async function collectFacts(run: FactsRun): Promise<boolean> {
  for (let round = 0; ; round++) {
    const wanted = run.wanted(round).slice(0, MAX_IDS);
    if (wanted.length === 0) return true;
    const before = knownAmount(run.current());
    const operationId = newOperationId('facts');
    run.onOperation?.(operationId);
    const res = await call((api) => api.getProjectFacts({ projectIds: wanted, operationId }));
    if (!run.stillWanted()) return false;
    if (!res.ok) return true;
    run.receive(res.data);
    // No news and nothing still under way in main: all that can be known now is known.
    const stillComing = wanted.some((id) => res.data[id]?.fetching);
    if (knownAmount(run.current()) <= before && !stillComing) return true;
  }
}
