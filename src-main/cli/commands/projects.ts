import type { ApiClient } from '../../api/client';
import type { PageInfo } from '../../api/paging';
import type { ProjectListItem } from '../../api/schemas';
import { positiveInt, requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';

export async function projectsCommand(client: ApiClient, flags: CliFlags): Promise<string> {
  const query = { name: flags.name, externalReferenceId: flags['external-ref'] };
  if (flags.all) {
    const items = await client.listAllProjects(query);
    return flags.json
      ? json({ data: items, count: items.length })
      : projectTable(items) + `\n${items.length} projects`;
  }
  const page = await client.listProjects({
    ...query,
    page: positiveInt(flags.page, 'page', 1),
    pageSize: positiveInt(flags['page-size'], 'page-size', 10),
  });
  if (flags.json) return json({ data: page.items, page_info: page.pageInfo });
  return projectTable(page.items) + '\n' + pageFooter(page.pageInfo, page.items.length, 'projects');
}

export async function projectCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
): Promise<string> {
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
    ['ID', project.id],
    ['Name', project.name],
    ['External reference', project.external_reference_id],
    ['Plan ID', project.plan_id],
    ['Team', project.team?.name],
    ['Assignee', project.assignee?.email],
    ['Address', address],
    ['Created', project.user_created],
    ['Modified', project.user_modified],
    ['Archived', project.archived_at ?? 'no'],
  ]);
}

function projectTable(items: ProjectListItem[]): string {
  return renderTable(
    ['ID', 'Name', 'External ref', 'Modified', 'Archived'],
    items.map((p) => [
      p.id,
      p.name,
      p.external_reference_id,
      p.user_modified?.slice(0, 10),
      p.archived_at ? 'archived' : '',
    ]),
  );
}

export function pageFooter(info: PageInfo, shown: number, noun: string): string {
  const of = info.totalPages !== null ? ` of ${info.totalPages}` : '';
  const total = info.totalCount !== null ? `, ${info.totalCount} ${noun} in all` : '';
  return `page ${info.page}${of} (${shown} shown${total})`;
}

export function keyValues(rows: [string, string | number | null | undefined][]): string {
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v ?? ''}`).join('\n');
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
