import type { ApiClient } from '../../api/client';
import { positiveInt, requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { json, pageFooter } from './projects';
import type { EstimateListItem } from '../../api/schemas';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';

export async function estimatesCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  if (flags.all) {
    const items = await client.listAllEstimates(projectId);
    return flags.json
      ? json({ data: items, count: items.length })
      : table(items, t) + '\n' + text.tp('cli.estimates', items.length);
  }
  const page = await client.listEstimates(projectId, {
    page: positiveInt(flags.page, 'page', 1),
    pageSize: positiveInt(flags['page-size'], 'page-size', 10),
  });
  if (flags.json) return json({ data: page.items, page_info: page.pageInfo });
  return table(page.items, t) + '\n' + pageFooter(page.pageInfo, page.items.length, 'cli.estimatesInAll', t);
}

function table(items: EstimateListItem[], t: Translate): string {
  return renderTable(
    [t('cli.id'), t('cli.name'), t('cli.status'), t('cli.number'), t('detail.modified')],
    items.map((e) => [e.id, e.name, e.status, e.unique_id, e.modified?.slice(0, 10)]),
  );
}
