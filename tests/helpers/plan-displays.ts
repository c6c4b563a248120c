import type { PlanView } from '../../src-shared/plans/types';

/** Every string a plan view shows for a measurement: its statistics and its ceiling heights. */
export function displays(view: PlanView): string[] {
  const out: string[] = [];
  const add = (s: { display: string | null } | null) => {
    if (s?.display) out.push(s.display);
  };
  view.statistics.forEach(add);
  for (const f of view.floors ?? []) {
    f.statistics.forEach(add);
    add(f.ceilingHeight);
    for (const r of f.rooms) {
      r.statistics.forEach(add);
      add(r.ceilingHeight);
    }
  }
  return out;
}
