import type { ApiClient } from '../../api/client';
import { teamView } from '../../teams/teams-service';
import type { CliFlags } from '../args';
import { renderTable } from '../table';
import { json } from './projects';
import { EN, type CliText } from '../i18n';

/** `teams [--json]` — every team of the workspace, with its members where the service lists them. */
export async function teamsCommand(client: ApiClient, flags: CliFlags, text: CliText = EN): Promise<string> {
  const { t } = text;
  const teams = await client.listAllTeams();
  if (flags.json) return json({ data: teams, count: teams.length });
  const table = renderTable(
    [t('cli.id'), t('cli.name'), t('cli.members')],
    teams
      .map(teamView)
      .map((team) => [
        team.id,
        team.name,
        team.members?.map((m) => m.email ?? m.name).join(', ') ?? t('cli.notSent'),
      ]),
  );
  return `${table}\n${text.tp('cli.teams', teams.length)}`;
}
