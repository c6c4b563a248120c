import type { ApiClient } from '../../api/client';
import type { PageInfo } from '../../api/paging';
import type { ProjectListItem } from '../../api/schemas';
import { positiveInt, requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';
import { withoutHiddenCharacters } from '../../../src-shared/text/hidden-characters';

export async function projectsCommand(
  client: ApiClient,
  flags: CliFlags,
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const query = { name: flags.name, externalReferenceId: flags['external-ref'] };
  if (flags.all) {
    const items = await client.listAllProjects(query);
    return flags.json
      ? json({ data: items, count: items.length })
      : projectTable(items, t) + '\n' + text.tp('cli.projects', items.length);
  }
  const page = await client.listProjects({
    ...query,
    page: positiveInt(flags.page, 'page', 1),
    pageSize: positiveInt(flags['page-size'], 'page-size', 10),
  });
  if (flags.json) return json({ data: page.items, page_info: page.pageInfo });
  return (
    projectTable(page.items, t) + '\n' + pageFooter(page.pageInfo, page.items.length, 'cli.projectsInAll', t)
  );
}

export async function projectCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const project = await client.getProject(requirePositional(positionals, 0, 'PROJECT_ID'));
  if (flags.json) return json(project);
  const address = project.address
    ? [
        project.address.street,
        [project.address.postal_code, project.address.city].filter(Boolean).join(' '),
        project.address.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return keyValues([
    [t('cli.id'), project.id],
    [t('cli.name'), project.name],
    [t('detail.ref'), project.external_reference_id],
    [t('detail.plan'), project.plan_id],
    [t('detail.team'), project.team?.name],
    [t('detail.assignee'), project.assignee?.email],
    [t('detail.address'), address],
    [t('detail.created'), project.user_created],
    [t('detail.modified'), project.user_modified],
    [t('cli.archived'), project.archived_at ?? t('cli.no')],
  ]);
}

function projectTable(items: ProjectListItem[], t: Translate): string {
  return renderTable(
    [t('cli.id'), t('cli.name'), t('cli.externalRefShort'), t('detail.modified'), t('cli.archived')],
    items.map((p) => [
      p.id,
      p.name,
      p.external_reference_id,
      p.user_modified?.slice(0, 10),
      p.archived_at ? t('cli.archivedFlag') : '',
    ]),
  );
}

/** "page 1 of 5 (10 shown, 45 projects in all)", leaving out what the service did not say. */
export function pageFooter(
  info: PageInfo,
  shown: number,
  inAll: 'cli.projectsInAll' | 'cli.estimatesInAll',
  t: Translate,
): string {
  const page =
    info.totalPages !== null
      ? t('cli.pageOf', { page: info.page, pages: info.totalPages })
      : t('cli.page', { page: info.page });
  const total = info.totalCount !== null ? `, ${t(inAll, { count: info.totalCount })}` : '';
  return `${page} (${t('cli.shown', { count: shown })}${total})`;
}

/** "Label  value" lines; values come from the service, so each is one line without escapes. */
export function keyValues(rows: [string, string | number | null | undefined][]): string {
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${withoutHiddenCharacters(String(v ?? ''))}`).join('\n');
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
