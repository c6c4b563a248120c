import type { ApiClient } from '../../api/client';
import { toEstimateDocument } from '../../estimates/document';
import { deepJsonText } from '../../json/deep-json-text';
import { parseAmount, plainMoney, plainQuantity } from '../../../src-shared/money/amounts';
import {
  TOTAL_FIELDS,
  type EstimateDocument,
  type EstimateNode,
  type TotalField,
} from '../../../src-shared/estimates/types';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { keyValues } from './projects';

/** `plandesk estimate PROJECT_ID ESTIMATE_ID [--json]`: the item tree, the totals, the checks. */
export async function estimateCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const estimateId = requirePositional(positionals, 1, 'ESTIMATE_ID');
  const doc = toEstimateDocument(await client.getEstimate(projectId, estimateId));
  // Not JSON.stringify: a 20,000-deep parent chain would overflow its recursion.
  if (flags.json) return deepJsonText(doc);
  return renderEstimate(doc);
}

/** Levels of indentation shown; deeper items say their depth instead of indenting further. */
const MAX_SHOWN_DEPTH = 12;

const TOTAL_LABELS: Record<TotalField, string> = {
  labor_costs_total: 'Labor costs',
  equipment_costs_total: 'Equipment costs',
  material_costs_total: 'Material costs',
  other_costs_total: 'Other costs',
  costs_total: 'Costs',
  markup_total: 'Markup',
  discount_total: 'Discount',
  subtotal_without_tax: 'Subtotal without tax',
  tax_total: 'Tax',
  total: 'Total',
};

export function renderEstimate(doc: EstimateDocument): string {
  const e = doc.estimate;
  const rows = treeRows(doc.tree);
  const groups = rows.filter((r) => r.node.type === 'group').length;
  const customer = e.customer
    ? [
        [e.customer.firstname, e.customer.lastname].filter(isText).join(' '),
        isText(e.customer.company) ? e.customer.company : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const head = keyValues([
    ['Estimate', e.name],
    ['ID', e.id],
    ['Number', e.unique_identifier],
    ['Status', e.status],
    ['Currency', e.currency],
    ['Issued', e.date_issue],
    ['Valid until', e.date_valid_until],
    ['Customer', customer],
    ['Items', `${rows.length} (${groups} groups, ${rows.length - groups} positions)`],
  ]);

  const quantities = alignRight(rows.map((r) => plainQuantity(r.node.quantity)));
  const totals = alignRight(
    rows.map(({ node }) => {
      const shown = plainMoney(node.total ?? node.computed_total);
      const differs =
        node.type === 'group' &&
        node.total !== null &&
        node.computed_total !== null &&
        !parseAmount(node.total).eq(parseAmount(node.computed_total));
      return differs ? `${shown} ≠` : shown;
    }),
  );
  const table = renderTable(
    ['Code', 'Name', 'Quantity', 'Unit', 'Total'],
    rows.map(({ node, depth }, i) => [
      indentFor(depth) + (node.code ?? ''),
      node.type === 'group' ? `▸ ${node.name ?? ''}` : (node.name ?? ''),
      quantities[i],
      node.unit,
      totals[i],
    ]),
  );

  const blocks = [head, rows.length > 0 ? table : 'No items.', totalsBlock(doc), warningsBlock(doc)];
  return blocks.join('\n\n');
}

function isText(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}

/** Pre-order with depths, without recursion. */
function treeRows(tree: EstimateNode[]): { node: EstimateNode; depth: number }[] {
  const rows: { node: EstimateNode; depth: number }[] = [];
  const stack: { node: EstimateNode; depth: number }[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push({ node: tree[i]!, depth: 0 });
  while (stack.length > 0) {
    const row = stack.pop()!;
    rows.push(row);
    const kids = row.node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, depth: row.depth + 1 });
  }
  return rows;
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

function totalsBlock(doc: EstimateDocument): string {
  const rows = TOTAL_FIELDS.map((field) => {
    const sent = doc.service_totals[field];
    const computed = doc.computed_totals[field];
    const differs = sent !== undefined && !parseAmount(sent).eq(parseAmount(computed));
    // Two decimals, unless the difference hides beyond them.
    const decimals = differs && plainMoney(sent) === plainMoney(computed) ? 12 : 2;
    return {
      label: TOTAL_LABELS[field],
      service: sent === undefined ? 'not sent' : plainMoney(sent, decimals),
      computed: plainMoney(computed, decimals),
      mark: differs ? '≠' : '',
    };
  });
  const service = alignRight(rows.map((r) => r.service));
  const computed = alignRight(rows.map((r) => r.computed));
  const currency = doc.estimate.currency ? ` (${doc.estimate.currency})` : '';
  return renderTable(
    [`Totals${currency}`, 'Service', '', 'Computed'],
    rows.map((r, i) => [r.label, service[i], r.mark, computed[i]]),
  );
}

function warningsBlock(doc: EstimateDocument): string {
  if (doc.warnings.length === 0) return 'Warnings: none';
  return [
    `Warnings (${doc.warnings.length}):`,
    ...doc.warnings.map(
      (w) => `  ${w.code}${w.item_id !== undefined ? ` [${w.item_id}]` : ''}: ${w.message}`,
    ),
  ].join('\n');
}
