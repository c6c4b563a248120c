import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useNavigation, type ViewOf } from '../navigation/store';
import { EstimatesPager, EstimatesTable, type SummaryOf } from './EstimatesTable';
import { ExportDialog } from './ExportDialog';
import { OfflineControls } from './OfflineControls';
import { ProjectSumLine } from './ProjectSumLine';
import { ExportedNotice, OfflineSource } from './ScreenNotes';
import { ESTIMATES_PAGE_SIZE, useEstimates } from './store';
import { totalsMismatches } from './TotalsMismatchWarning';
import './estimates.css';
import type { EstimateListRow } from '../../../../src-shared/estimates/types';
import { CompareEstimatesDialog } from '../versions/CompareEstimatesDialog';
import { ComparisonDialog } from '../versions/ComparisonDialog';

/** The screen bar's buttons: keep offline, compare, export all, reload. */
function EstimatesActions({
  view,
  count,
  onCompare,
  onExport,
}: {
  view: ViewOf<'estimates'>;
  count: number;
  onCompare: () => void;
  onExport: () => void;
}) {
  const t = useT();
  const loading = useEstimates((s) => s.listLoading);
  return (
    <>
      <OfflineControls view={view} />
      <Button size="sm" onClick={onCompare} disabled={count < 2} data-testid="compare-estimates-open">
        {t('compare.estimates')}
      </Button>
      <Button size="sm" onClick={onExport} disabled={count === 0} data-testid="export-all-open">
        {t('estimates.exportAll')}
      </Button>
      <Button
        size="sm"
        onClick={() => useNavigation.getState().refresh()}
        busy={loading}
        data-testid="estimates-reload"
      >
        {t('common.reload')}
      </Button>
    </>
  );
}

/** The last export, a failed "keep offline", a list that could not be loaded (with Retry). */
function EstimatesNotices({ view }: { view: ViewOf<'estimates'> }) {
  const lang = useLang();
  const error = useEstimates((s) => s.listError);
  const offlineError = useEstimates((s) => s.offlineError);
  const store = useEstimates.getState;
  return (
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
        <ErrorNotice error={error} onRetry={() => void store().loadList(view)} testId="estimates-error" />
      )}
    </div>
  );
}

/** The export and comparison dialogs the screen bar opens. */
function EstimatesDialogs({
  projectId,
  rows,
  summaryOf,
  exporting,
  comparing,
  onCloseExport,
  onCloseCompare,
}: {
  projectId: string;
  rows: readonly EstimateListRow[];
  summaryOf: SummaryOf;
  exporting: boolean;
  comparing: boolean;
  onCloseExport: () => void;
  onCloseCompare: () => void;
}) {
  const mismatches = () =>
    totalsMismatches(
      rows.map((row) => {
        const summary = summaryOf(row);
        return summary
          ? { id: row.id, name: row.name, currency: summary.currency, quote: summary.quote }
          : null;
      }),
    );
  return (
    <>
      {exporting && <ExportDialog projectId={projectId} mismatches={mismatches()} onClose={onCloseExport} />}
      {comparing && (
        <CompareEstimatesDialog projectId={projectId} estimates={rows} onClose={onCloseCompare} />
      )}
      <ComparisonDialog />
    </>
  );
}

/** A project's estimates: open one, export them all, keep the project for offline use. */
export function EstimatesScreen() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const list = useEstimates((s) => s.list);
  const listProjectId = useEstimates((s) => s.listProjectId);
  const page = useEstimates((s) => s.listPage);
  const listTotals = useEstimates((s) => s.listTotals);
  const [exporting, setExporting] = useState(false);
  const [comparing, setComparing] = useState(false);

  if (view.name !== 'estimates') return null;
  const data = list && listProjectId === view.projectId ? list : null;
  const rows = data?.rows ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / ESTIMATES_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const pageRows = rows.slice((shownPage - 1) * ESTIMATES_PAGE_SIZE, shownPage * ESTIMATES_PAGE_SIZE);
  const summaryOf: SummaryOf = (row) => row.totals ?? listTotals[row.id] ?? null;

  return (
    <section
      className="screen estimates-screen"
      data-testid="estimates-screen"
      aria-labelledby="estimates-title"
    >
      <ScreenBar
        back={{
          label: t('estimates.backToProjects'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'estimates-back',
        }}
        heading={
          <ScreenTitle id="estimates-title" title={t('estimates.title')} subtitle={view.projectName} />
        }
        actions={
          <EstimatesActions
            view={view}
            count={rows.length}
            onCompare={() => setComparing(true)}
            onExport={() => setExporting(true)}
          />
        }
      />

      <OfflineSource data={data} />

      <EstimatesNotices view={view} />

      <div className="estimates-list">
        <EstimatesTable pageRows={pageRows} loaded={data !== null} summaryOf={summaryOf} />
        {data && rows.length > 0 && <ProjectSumLine summaries={rows.map(summaryOf)} />}
        {data && <EstimatesPager page={shownPage} pages={pages} count={rows.length} />}
      </div>

      <EstimatesDialogs
        projectId={view.projectId}
        rows={rows}
        summaryOf={summaryOf}
        exporting={exporting}
        comparing={comparing}
        onCloseExport={() => setExporting(false)}
        onCloseCompare={() => setComparing(false)}
      />
    </section>
  );
}
