import { create } from 'zustand';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';

/**
 * The people of the active workspace, as far as the service names them: the workspace's owner and
 * users (GET /workspace) and its teams' members. Used to show a person by name where the service
 * gives only an e-mail (a project's assignee), and to offer the users when a project is created.
 */

export interface Person {
  email: string;
  /** First and last name, when the service gives them. */
  name: string | null;
  /** The teams the person is a member of, by name. */
  teams: string[];
}

interface PeopleState {
  /** `<workspace>|<generation>`: what `people` belongs to. */
  key: string | null;
  /** Null while not loaded (or when the service names nobody). */
  people: Person[] | null;
  loading: boolean;
  /** Loads the people of the workspace `key` names, unless they are loaded already. */
  load: (key: string) => Promise<void>;
}

const latest = latestOnly();

/** One entry per e-mail (compared without case), a name from whichever source gives one. */
export function mergePeople(
  sources: { email: string | null; name: string | null; team?: string }[],
): Person[] {
  const byEmail = new Map<string, Person>();
  for (const s of sources) {
    const email = s.email?.trim();
    if (!email) continue;
    const id = email.toLowerCase();
    const entry = byEmail.get(id) ?? { email, name: null, teams: [] };
    entry.name ??= s.name?.trim() || null;
    if (s.team && !entry.teams.includes(s.team)) entry.teams.push(s.team);
    byEmail.set(id, entry);
  }
  return [...byEmail.values()].sort((a, b) =>
    (a.name ?? a.email).localeCompare(b.name ?? b.email, undefined, { sensitivity: 'base' }),
  );
}

export const usePeople = create<PeopleState>()((set, get) => ({
  key: null,
  people: null,
  loading: false,

  load: async (key) => {
    if (get().key === key && (get().people !== null || get().loading)) return;
    const token = latest.begin();
    set({ key, people: null, loading: true });
    const [details, teams] = await Promise.all([
      call((api) => api.getWorkspaceDetails()),
      call((api) => api.listTeams()),
    ]);
    if (!latest.isCurrent(token)) return;
    const sources: { email: string | null; name: string | null; team?: string }[] = [];
    if (details.ok) {
      if (details.data.owner) sources.push(details.data.owner);
      for (const u of details.data.users ?? []) sources.push(u);
    }
    if (teams.ok) {
      for (const team of teams.data)
        for (const m of team.members ?? []) sources.push({ ...m, team: team.name });
    }
    const people = mergePeople(sources);
    set({ people: people.length > 0 ? people : null, loading: false });
  },
}));

/** The name of the person with this e-mail, where the workspace names them; else null. */
export function nameOf(people: readonly Person[] | null, email: string | null | undefined): string | null {
  if (!people || !email) return null;
  const id = email.trim().toLowerCase();
  return people.find((p) => p.email.toLowerCase() === id)?.name ?? null;
}
