import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { collectFacts, factsComplete } from '../project/facts-fetch';
import type { Get, ProjectsState, Set } from './store-state';
import { visibleFirst } from './visible-rows';

/*
 * A part of the projects store (store.ts): its actions, written against the store's own get and set.
 */

const factsLatest = latestOnly();
/** The operations of this run's calls (see FactsRun.onOperation). */
let factsOperations: string[] = [];

export function factsSlice(set: Set, get: Get): Pick<ProjectsState, 'loadFacts' | 'stopFacts'> {
  return {
    loadFacts: async () => {
      get().stopFacts();
      const token = factsLatest.begin();
      const rows = () => get().page?.rows ?? [];
      set({ factsFetching: true });
      const finished = await collectFacts({
        // The first round asks for every row (what is known may have grown since the list loaded);
        // later rounds for the rows still incomplete. The rows on screen first, then the rest.
        wanted: (round) =>
          visibleFirst(
            rows()
              .filter((r) => round === 0 || !factsComplete(r.facts))
              .map((r) => r.id),
          ),
        receive: (facts) =>
          set((s) => ({
            page: s.page
              ? { ...s.page, rows: s.page.rows.map((r) => (facts[r.id] ? { ...r, facts: facts[r.id] } : r)) }
              : s.page,
          })),
        current: () => rows().map((r) => r.facts),
        stillWanted: () => factsLatest.isCurrent(token),
        onOperation: (id) => {
          factsOperations.push(id);
        },
      });
      if (finished) set({ factsFetching: false });
    },

    stopFacts: () => {
      factsLatest.invalidate();
      const running = factsOperations;
      factsOperations = [];
      for (const id of running) void call((api) => api.cancelOperation(id));
      set({ factsFetching: false });
    },
  };
}
