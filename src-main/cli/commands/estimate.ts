import type { ApiClient } from '../../api/client';
import { toEstimateDocument } from '../../estimates/document';
import { deepJsonText } from '../../json/deep-json-text';
import { parseAmount, plainMoney, plainQuantity } from '../../../src-shared/money/amounts';
import { currencyDigits } from '../../../src-shared/money/currency';
import { TOTAL_FIELDS, type EstimateDocument } from '../../../src-shared/estimates/types';
import { flattenTree } from '../../estimates/flatten';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { keyValues } from './projects';

/** `plandesk estimate PROJECT_ID ESTIMATE_ID [--json]`: the item tree, the totals, the checks. */
export async function estimateCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const estimateId = requirePositional(positionals, 1, 'ESTIMATE_ID');
  const doc = toEstimateDocument(await client.getEstimate(projectId, estimateId));
  // Not JSON.stringify: a 20,000-deep parent chain would overflow its recursion.
  if (flags.json) return deepJsonText(doc);
  return renderEstimate(doc, text);
}

/** Levels of indentation shown; deeper items say their depth instead of indenting further. */
const MAX_SHOWN_DEPTH = 12;

export function renderEstimate(doc: EstimateDocument, { t }: CliText = EN): string {
  const e = doc.estimate;
  const digits = currencyDigits(e.currency);
  const rows = flattenTree(doc.tree);
  const groups = rows.filter((r) => r.type === 'group').length;
  const customer = e.customer
    ? [
        [e.customer.firstname, e.customer.lastname].filter(isText).join(' '),
        isText(e.customer.company) ? e.customer.company : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const head = keyValues([
    [t('cli.estimate'), e.name],
    [t('cli.id'), e.id],
    [t('cli.number'), e.unique_identifier],
    [t('cli.status'), e.status],
    [t('cli.currency'), e.currency],
    [t('cli.issued'), e.date_issue],
    [t('cli.validUntil'), e.date_valid_until],
    [t('cli.customer'), customer],
    [t('cli.items'), t('cli.itemsSummary', { count: rows.length, groups, positions: rows.length - groups })],
  ]);

  const quantities = alignRight(rows.map((r) => plainQuantity(r.quantity)));
  const totals = alignRight(
    rows.map((node) => {
      const shown = plainMoney(node.total ?? node.computed_total, digits);
      const differs =
        node.type === 'group' &&
        node.total !== null &&
        node.computed_total !== null &&
        !parseAmount(node.total).eq(parseAmount(node.computed_total));
      return differs ? `${shown} ≠` : shown;
    }),
  );
  const table = renderTable(
    [t('cli.code'), t('cli.name'), t('cli.quantity'), t('cli.unit'), t('cli.total')],
    rows.map((node, i) => [
      indentFor(node.depth) + (node.code ?? ''),
      node.type === 'group' ? `▸ ${node.name ?? ''}` : (node.name ?? ''),
      quantities[i],
      node.unit,
      totals[i],
    ]),
  );

  const blocks = [
    head,
    rows.length > 0 ? table : t('cli.noItems'),
    totalsBlock(doc, t),
    warningsBlock(doc, t),
  ];
  return blocks.join('\n\n');
}

function isText(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}

function indentFor(depth: number): string {
  if (depth <= MAX_SHOWN_DEPTH) return '  '.repeat(depth);
  return '  '.repeat(MAX_SHOWN_DEPTH) + `[${depth}] `;
}

/** Pads on the left to a common width, so renderTable's columns show numbers right-aligned. */
function alignRight(cells: string[]): string[] {
  const w = Math.max(0, ...cells.map((c) => c.length));
  return cells.map((c) => (c === '' ? '' : c.padStart(w)));
}

function totalsBlock(doc: EstimateDocument, t: Translate): string {
  const rows = TOTAL_FIELDS.map((field) => {
    const sent = doc.service_totals[field];
    const computed = doc.computed_totals[field];
    const differs = sent !== undefined && !parseAmount(sent).eq(parseAmount(computed));
    // The currency's digits, unless the difference hides beyond them.
    const digits = currencyDigits(doc.estimate.currency);
    const decimals = differs && plainMoney(sent, digits) === plainMoney(computed, digits) ? 12 : digits;
    return {
      label: t(`totals.${field}`),
      service: sent === undefined ? t('cli.notSent') : plainMoney(sent, decimals),
      computed: plainMoney(computed, decimals),
      mark: differs ? '≠' : '',
    };
  });
  const service = alignRight(rows.map((r) => r.service));
  const computed = alignRight(rows.map((r) => r.computed));
  const currency = doc.estimate.currency ? ` (${doc.estimate.currency})` : '';
  return renderTable(
    [`${t('cli.totalsHeading')}${currency}`, t('cli.service'), '', t('cli.computed')],
    rows.map((r, i) => [r.label, service[i], r.mark, computed[i]]),
  );
}

function warningsBlock(doc: EstimateDocument, t: Translate): string {
  if (doc.warnings.length === 0) return t('cli.noWarnings');
  return [
    t('cli.warnings', { count: doc.warnings.length }),
    ...doc.warnings.map(
      (w) => `  ${w.code}${w.item_id !== undefined ? ` [${w.item_id}]` : ''}: ${w.message}`,
    ),
  ].join('\n');
}
