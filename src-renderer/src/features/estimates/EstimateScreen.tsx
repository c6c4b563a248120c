import { ScreenBar } from '../../components/ScreenBar';
import { useMemo, useRef, useState } from 'react';
import type { EstimateWarning, TotalField } from '../../../../src-shared/estimates/types';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { EstimateHeader } from './EstimateHeader';
import { EstimateTree, type EstimateTreeHandle } from './EstimateTree';
import { ExportDialog } from './ExportDialog';
import { ExportedNotice, OfflineSource } from './ScreenNotes';
import { Statement } from './Statement';
import { StatusBadge } from './StatusBadge';
import { useEstimates } from './store';
import { TotalsBar } from './TotalsBar';
import { TotalsBlock } from './TotalsBlock';
import { totalsMismatches } from './TotalsMismatchWarning';
import { WarningsPanel } from './WarningsPanel';
import { ChangesBadge } from '../versions/ChangesBadge';
import { ComparisonDialog } from '../versions/ComparisonDialog';
import { VersionsDialog } from '../versions/VersionsDialog';
import { indexById, totalsFieldOf } from './warnings';
import { PlaceFilterBar, usePlaceFilter } from '../plans/PlaceFilter';
import './estimates.css';

/** The screen bar's buttons: Reload, Versions, Export. */
function EstimateActions({
  loaded,
  onVersions,
  onExport,
}: {
  loaded: boolean;
  onVersions: () => void;
  onExport: () => void;
}) {
  const t = useT();
  const loading = useEstimates((s) => s.estimateLoading);
  return (
    <>
      <Button
        size="sm"
        onClick={() => useNavigation.getState().refresh()}
        busy={loading && loaded}
        disabled={loading}
        data-testid="estimate-reload"
      >
        {t('common.reload')}
      </Button>
      <Button size="sm" onClick={onVersions} disabled={!loaded} data-testid="versions-open">
        {t('versions.open')}
      </Button>
      <Button size="sm" onClick={onExport} disabled={!loaded} data-testid="export-open">
        {t('estimate.export')}
      </Button>
    </>
  );
}

/** The last export, a cancelled load (with Retry), a failed one. */
function EstimateNotices() {
  const t = useT();
  const error = useEstimates((s) => s.estimateError);
  const cancelled = useEstimates((s) => s.estimateCancelled);
  const retry = () => void useEstimates.getState().loadEstimate();
  return (
    <div className="screen-notices">
      <ExportedNotice />
      {cancelled && (
        <Notice
          tone="info"
          testId="estimate-cancelled"
          actions={
            <Button size="sm" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('estimate.cancelled')}
        </Notice>
      )}
      {error && <ErrorNotice error={error} onRetry={retry} testId="estimate-error" />}
    </div>
  );
}

/**
 * One estimate, as the service sent it: the client totals always in view, the header (folding),
 * opening statement, the items as a tree, closing statement, the service's totals beside what the
 * items add up to, and every warning.
 */
export function EstimateScreen() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const estimate = useEstimates((s) => s.estimate);
  const loading = useEstimates((s) => s.estimateLoading);
  const columns = useEstimates((s) => s.columns);
  const [exporting, setExporting] = useState(false);
  const [versions, setVersions] = useState(false);
  const [highlightTotal, setHighlightTotal] = useState<TotalField | null>(null);
  const treeRef = useRef<EstimateTreeHandle>(null);
  const totalsRef = useRef<HTMLElement>(null);
  const navigation = useNavigation.getState;

  const estimateId = view.name === 'estimate' ? view.estimateId : null;
  const data = estimate && estimate.estimate.id === estimateId ? estimate : null;
  const filter = usePlaceFilter(view, data); // opened from the plan for one room: its positions only
  const rows = filter?.rows ?? data?.rows;
  const hasWarnings = (data?.warnings.length ?? 0) > 0;
  // Item id → row index, for the warnings; not built at all for an estimate without warnings.
  const ids = useMemo(
    () => (rows && hasWarnings ? indexById(rows) : new Map<string, number>()),
    [rows, hasWarnings],
  );

  if (view.name !== 'estimate') return null;
  const currency = data?.estimate.currency ?? '';

  const selectWarning = (warning: EstimateWarning) => {
    const index = warning.item_id !== undefined ? ids.get(warning.item_id) : undefined;
    if (index !== undefined) {
      setHighlightTotal(null);
      treeRef.current?.reveal(index);
      return;
    }
    const field = totalsFieldOf(warning);
    if (field) {
      setHighlightTotal(field);
      totalsRef.current?.scrollIntoView({ block: 'nearest' });
    }
  };

  const title = data?.estimate.name || (loading ? t('estimate.loading') : '');

  return (
    <section
      className="screen estimate-screen"
      data-testid="estimate-screen"
      aria-labelledby="estimate-title"
    >
      <ScreenBar
        back={{
          label: t('estimate.backToList'),
          onClick: () => navigation().backToList(),
          testId: 'estimate-back',
        }}
        heading={
          <>
            <span className="screen-crumb" title={view.projectName}>
              {view.projectName}
            </span>
            <h1 id="estimate-title" className="screen-title" title={title}>
              {title}
            </h1>
            {data?.estimate.unique_identifier && (
              <span className="screen-number mono">{data.estimate.unique_identifier}</span>
            )}
            {data?.estimate.status && <StatusBadge status={data.estimate.status} />}
            {estimateId && (
              <ChangesBadge
                projectId={view.projectId}
                estimateId={estimateId}
                loadedAt={data?.fetchedAt ?? null}
              />
            )}
          </>
        }
        actions={
          <EstimateActions
            loaded={data !== null}
            onVersions={() => setVersions(true)}
            onExport={() => setExporting(true)}
          />
        }
      />

      <OfflineSource data={data} />

      <EstimateNotices />

      {!data && loading && (
        <p className="screen-loading" aria-busy="true">
          {t('estimate.loading')}
        </p>
      )}

      {data && <TotalsBar quote={data.quote} currency={currency} />}

      {data && (
        <div className="estimate-scroll">
          <EstimateHeader estimate={data.estimate} />
          {hasWarnings && (
            <WarningsPanel view={data} ids={ids} currency={currency} onSelect={selectWarning} />
          )}
          {data.estimate.opening_statement?.trim() && (
            <Statement
              title={t('estimate.openingStatement')}
              text={data.estimate.opening_statement}
              testId="opening-statement"
            />
          )}
          {filter && <PlaceFilterBar filter={filter} />}
          <EstimateTree
            key={`${data.estimate.id}|${view.place ?? ''}`}
            ref={treeRef}
            rows={rows ?? data.rows}
            currency={currency}
            columns={columns}
          />
          {data.estimate.closing_statement?.trim() && (
            <Statement
              title={t('estimate.closingStatement')}
              text={data.estimate.closing_statement}
              testId="closing-statement"
            />
          )}
          <TotalsBlock ref={totalsRef} view={data} currency={currency} highlight={highlightTotal} />
        </div>
      )}

      {exporting && data && (
        <ExportDialog
          projectId={view.projectId}
          estimateId={data.estimate.id}
          mismatches={totalsMismatches([
            { id: data.estimate.id, name: data.estimate.name, currency, quote: data.quote },
          ])}
          onClose={() => setExporting(false)}
        />
      )}
      {versions && data && (
        <VersionsDialog
          projectId={view.projectId}
          estimateId={data.estimate.id}
          onClose={() => setVersions(false)}
        />
      )}
      <ComparisonDialog />
    </section>
  );
}
