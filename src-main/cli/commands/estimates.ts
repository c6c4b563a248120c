import type { ApiClient } from '../../api/client';
import { positiveInt, requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { json, pageFooter } from './projects';
import type { EstimateListItem } from '../../api/schemas';

export async function estimatesCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  if (flags.all) {
    const items = await client.listAllEstimates(projectId);
    return flags.json
      ? json({ data: items, count: items.length })
      : table(items) + `\n${items.length} estimates`;
  }
  const page = await client.listEstimates(projectId, {
    page: positiveInt(flags.page, 'page', 1),
    pageSize: positiveInt(flags['page-size'], 'page-size', 10),
  });
  if (flags.json) return json({ data: page.items, page_info: page.pageInfo });
  return table(page.items) + '\n' + pageFooter(page.pageInfo, page.items.length, 'estimates');
}

function table(items: EstimateListItem[]): string {
  return renderTable(
    ['ID', 'Name', 'Status', 'Number', 'Modified'],
    items.map((e) => [e.id, e.name, e.status, e.unique_id, e.modified?.slice(0, 10)]),
  );
}
