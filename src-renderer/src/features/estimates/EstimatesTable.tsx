import { onRowKeyDown } from '../../components/row-keys';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { StatusBadge } from './StatusBadge';
import { useEstimates } from './store';
import type { EstimateListRow, EstimateSummary } from '../../../../src-shared/estimates/types';

const DASH = '—';

/** An estimate's totals: those the list came with, or those fetched since; null while unknown. */
export type SummaryOf = (row: EstimateListRow) => EstimateSummary | null;

const dash = <span className="cell-empty">{DASH}</span>;

/** One estimate of the list: click, Enter or Space opens it; arrow keys move between rows. */
function EstimateRow({
  row,
  first,
  summaryOf,
}: {
  row: EstimateListRow;
  first: boolean;
  summaryOf: SummaryOf;
}) {
  const lang = useLang();
  const open = () => useNavigation.getState().openEstimate(row.id);
  const money = (field: 'net' | 'gross') => {
    const summary = summaryOf(row);
    return summary ? formatMoney(summary.quote[field], summary.currency ?? '', lang) : '';
  };
  return (
    <tr
      className="estimate-list-row"
      data-testid={`estimate-row-${row.id}`}
      tabIndex={first ? 0 : -1}
      onClick={open}
      onKeyDown={(e) => onRowKeyDown(e, { activate: open })}
    >
      <td className="cell-name" title={row.name}>
        {row.name || dash}
      </td>
      <td className="mono" title={row.uniqueId ?? undefined}>
        {row.uniqueId || dash}
      </td>
      <td>{row.status ? <StatusBadge status={row.status} /> : dash}</td>
      <td title={formatDateTime(row.created, lang) || undefined}>{formatDate(row.created, lang) || dash}</td>
      <td title={formatDateTime(row.modified, lang) || undefined}>
        {formatDate(row.modified, lang) || dash}
      </td>
      <td className="num" data-testid={`estimate-net-${row.id}`}>
        {money('net') || dash}
      </td>
      <td className="num" data-testid={`estimate-gross-${row.id}`}>
        {money('gross') || dash}
      </td>
    </tr>
  );
}

/** The estimates of one page; a line instead while the list loads, or when the project has none. */
export function EstimatesTable({
  pageRows,
  loaded,
  summaryOf,
}: {
  pageRows: readonly EstimateListRow[];
  loaded: boolean;
  summaryOf: SummaryOf;
}) {
  const t = useT();
  const loading = useEstimates((s) => s.listLoading);
  return (
    <Table label={t('estimates.tableLabel')} testId="estimates-table" busy={loading && loaded}>
      <colgroup>
        <col className="col-name" />
        <col className="col-number" />
        <col className="col-status" />
        <col className="col-date" />
        <col className="col-date" />
        <col className="col-money" />
        <col className="col-money" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{t('projects.colName')}</th>
          <th scope="col">{t('estimates.colNumber')}</th>
          <th scope="col">{t('projects.colStatus')}</th>
          <th scope="col">{t('projects.colCreated')}</th>
          <th scope="col">{t('projects.colModified')}</th>
          <th scope="col" className="num">
            {t('estimates.colNet')}
          </th>
          <th scope="col" className="num">
            {t('estimates.colGross')}
          </th>
        </tr>
      </thead>
      <tbody>
        {pageRows.map((row, i) => (
          <EstimateRow key={row.id} row={row} first={i === 0} summaryOf={summaryOf} />
        ))}
        {pageRows.length === 0 && (
          <tr className="table-message">
            <td colSpan={7}>{!loaded ? (loading ? t('estimates.loading') : '') : t('estimates.empty')}</td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}

/** "Page 2 of 3 · 60 estimates", with Previous and Next when there is more than one page. */
export function EstimatesPager({ page, pages, count }: { page: number; pages: number; count: number }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const setPage = (to: number) => useEstimates.getState().setListPage(to);
  return (
    <nav className="pager" aria-label={t('projects.pager')}>
      <span className="pager-spacer" />
      <span className="pager-status" data-testid="estimates-pager-status" aria-live="polite">
        {[
          pages > 1
            ? t('projects.pageOf', { page: formatNumber(page, lang), pages: formatNumber(pages, lang) })
            : null,
          tp('estimates.count', count),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {pages > 1 && (
        <>
          <Button
            size="sm"
            className="btn-prev"
            onClick={() => setPage(page - 1)}
            disabled={page <= 1}
            data-testid="estimates-prev"
          >
            {t('projects.prev')}
          </Button>
          <Button
            size="sm"
            className="btn-next"
            onClick={() => setPage(page + 1)}
            disabled={page >= pages}
            data-testid="estimates-next"
          >
            {t('projects.next')}
          </Button>
        </>
      )}
    </nav>
  );
}
