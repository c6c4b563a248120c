import type { Team } from '../api/schemas';
import type { ActiveSource } from '../contracts/active-workspace';
import type { TeamMember, TeamView } from '../../src-shared/teams/types';

/** The active workspace's teams (every page), for the workspace screen and the new-project dialog. */
export class TeamsService {
  constructor(private readonly active: ActiveSource) {}

  async list(): Promise<TeamView[]> {
    const { client } = await this.active();
    return (await client.listAllTeams()).map(teamView);
  }
}

export function teamView(t: Team): TeamView {
  return {
    id: t.id,
    name: t.name,
    members: t.members ? t.members.map(member) : null,
  };
}

function member(m: Record<string, unknown>): TeamMember {
  const name = [m.firstname, m.lastname].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return { email: typeof m.email === 'string' ? m.email : null, name: name || null };
}
