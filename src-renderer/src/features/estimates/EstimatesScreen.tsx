import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { onRowKeyDown } from '../../components/row-keys';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Table } from '../../components/Table';
import { describeError } from '../../errors/describe-error';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { ExportDialog } from './ExportDialog';
import { OfflineControls } from './OfflineControls';
import { ProjectSumLine } from './ProjectSumLine';
import { ExportedNotice, OfflineSource } from './ScreenNotes';
import { StatusBadge } from './StatusBadge';
import { ESTIMATES_PAGE_SIZE, useEstimates } from './store';
import { totalsMismatches } from './TotalsMismatchWarning';
import './estimates.css';
import type { EstimateListRow, EstimateSummary } from '../../../../src-shared/estimates/types';
import { CompareEstimatesDialog } from '../versions/CompareEstimatesDialog';
import { ComparisonDialog } from '../versions/ComparisonDialog';

const DASH = '—';

/** Arrow keys move between rows; Enter or Space opens the estimate. */
function onRowKey(e: KeyboardEvent<HTMLTableRowElement>, row: EstimateListRow) {
  onRowKeyDown(e, { activate: () => useNavigation.getState().openEstimate(row.id) });
}

/** A project's estimates: open one, export them all, keep the project for offline use. */
export function EstimatesScreen() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const view = useNavigation((s) => s.view);
  const list = useEstimates((s) => s.list);
  const listProjectId = useEstimates((s) => s.listProjectId);
  const loading = useEstimates((s) => s.listLoading);
  const error = useEstimates((s) => s.listError);
  const page = useEstimates((s) => s.listPage);
  const offlineError = useEstimates((s) => s.offlineError);
  const listTotals = useEstimates((s) => s.listTotals);
  const [exporting, setExporting] = useState(false);
  const [comparing, setComparing] = useState(false);
  const store = useEstimates.getState;
  const navigation = useNavigation.getState;

  if (view.name !== 'estimates') return null;
  const data = list && listProjectId === view.projectId ? list : null;
  const rows = data?.rows ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / ESTIMATES_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const pageRows = rows.slice((shownPage - 1) * ESTIMATES_PAGE_SIZE, shownPage * ESTIMATES_PAGE_SIZE);
  const summaryOf = (row: EstimateListRow): EstimateSummary | null =>
    row.totals ?? listTotals[row.id] ?? null;
  const money = (summary: EstimateSummary | null, field: 'net' | 'gross') =>
    summary ? formatMoney(summary.quote[field], summary.currency ?? '', lang) : '';

  return (
    <section
      className="screen estimates-screen"
      data-testid="estimates-screen"
      aria-labelledby="estimates-title"
    >
      <ScreenBar
        back={{
          label: t('estimates.backToProjects'),
          onClick: () => navigation().backToProjects(),
          testId: 'estimates-back',
        }}
        heading={
          <ScreenTitle id="estimates-title" title={t('estimates.title')} subtitle={view.projectName} />
        }
        actions={
          <>
            <OfflineControls />
            <Button
              size="sm"
              onClick={() => setComparing(true)}
              disabled={rows.length < 2}
              data-testid="compare-estimates-open"
            >
              {t('compare.estimates')}
            </Button>
            <Button
              size="sm"
              onClick={() => setExporting(true)}
              disabled={rows.length === 0}
              data-testid="export-all-open"
            >
              {t('estimates.exportAll')}
            </Button>
            <Button
              size="sm"
              onClick={() => navigation().refresh()}
              busy={loading}
              data-testid="estimates-reload"
            >
              {t('common.reload')}
            </Button>
          </>
        }
      />

      <OfflineSource data={data} />

      <div className="screen-notices">
        <ExportedNotice />
        {offlineError && (
          <Notice
            tone={offlineError.kind === 'cancelled' ? 'info' : 'error'}
            onDismiss={() => store().dismissOfflineError()}
            testId="offline-error"
          >
            {describeError(offlineError, lang)}
          </Notice>
        )}
        {error && (
          <ErrorNotice error={error} onRetry={() => void store().loadList()} testId="estimates-error" />
        )}
      </div>

      <div className="estimates-list">
        <Table label={t('estimates.tableLabel')} testId="estimates-table" busy={loading && data !== null}>
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
              <tr
                key={row.id}
                className="estimate-list-row"
                data-testid={`estimate-row-${row.id}`}
                tabIndex={i === 0 ? 0 : -1}
                onClick={() => navigation().openEstimate(row.id)}
                onKeyDown={(e) => onRowKey(e, row)}
              >
                <td className="cell-name" title={row.name}>
                  {row.name || <span className="cell-empty">{DASH}</span>}
                </td>
                <td className="mono" title={row.uniqueId ?? undefined}>
                  {row.uniqueId || <span className="cell-empty">{DASH}</span>}
                </td>
                <td>
                  {row.status ? (
                    <StatusBadge status={row.status} />
                  ) : (
                    <span className="cell-empty">{DASH}</span>
                  )}
                </td>
                <td title={formatDateTime(row.created, lang) || undefined}>
                  {formatDate(row.created, lang) || <span className="cell-empty">{DASH}</span>}
                </td>
                <td title={formatDateTime(row.modified, lang) || undefined}>
                  {formatDate(row.modified, lang) || <span className="cell-empty">{DASH}</span>}
                </td>
                <td className="num" data-testid={`estimate-net-${row.id}`}>
                  {money(summaryOf(row), 'net') || <span className="cell-empty">{DASH}</span>}
                </td>
                <td className="num" data-testid={`estimate-gross-${row.id}`}>
                  {money(summaryOf(row), 'gross') || <span className="cell-empty">{DASH}</span>}
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr className="table-message">
                <td colSpan={7}>{!data ? (loading ? t('estimates.loading') : '') : t('estimates.empty')}</td>
              </tr>
            )}
          </tbody>
        </Table>
        {data && rows.length > 0 && <ProjectSumLine summaries={rows.map(summaryOf)} />}
        {data && (
          <nav className="pager" aria-label={t('projects.pager')}>
            <span className="pager-spacer" />
            <span className="pager-status" data-testid="estimates-pager-status" aria-live="polite">
              {[
                pages > 1
                  ? t('projects.pageOf', {
                      page: formatNumber(shownPage, lang),
                      pages: formatNumber(pages, lang),
                    })
                  : null,
                tp('estimates.count', rows.length),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {pages > 1 && (
              <>
                <Button
                  size="sm"
                  className="btn-prev"
                  onClick={() => store().setListPage(shownPage - 1)}
                  disabled={shownPage <= 1}
                  data-testid="estimates-prev"
                >
                  {t('projects.prev')}
                </Button>
                <Button
                  size="sm"
                  className="btn-next"
                  onClick={() => store().setListPage(shownPage + 1)}
                  disabled={shownPage >= pages}
                  data-testid="estimates-next"
                >
                  {t('projects.next')}
                </Button>
              </>
            )}
          </nav>
        )}
      </div>

      {exporting && (
        <ExportDialog
          projectId={view.projectId}
          mismatches={totalsMismatches(
            rows.map((row) => {
              const summary = summaryOf(row);
              return summary
                ? { id: row.id, name: row.name, currency: summary.currency, quote: summary.quote }
                : null;
            }),
          )}
          onClose={() => setExporting(false)}
        />
      )}
      {comparing && (
        <CompareEstimatesDialog
          projectId={view.projectId}
          estimates={rows}
          onClose={() => setComparing(false)}
        />
      )}
      <ComparisonDialog />
    </section>
  );
}
