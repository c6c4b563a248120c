import { Button } from '../../components/Button';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import type { MessageKey } from '../../i18n/messages';
import { factsComplete } from '../project/facts-fetch';
import { PAGE_SIZES, useProjects, type PageSize, type SortKey } from './store';

const ORDER_LABELS: Record<Exclude<SortKey, 'service'>, MessageKey> = {
  name: 'projects.colName',
  client: 'plainProjects.colClient',
  ref: 'projects.colRef',
  estimates: 'plainProjects.colEstimates',
  total: 'plainProjects.colTotal',
  modified: 'projects.colModified',
  created: 'projects.colCreated',
  status: 'projects.colStatus',
};

/** How a column's ascending order reads: A to Z, oldest first, fewest first. */
function directionKey(sort: Exclude<SortKey, 'service'>, direction: 'asc' | 'desc'): MessageKey {
  const kind =
    sort === 'modified' || sort === 'created'
      ? 'Date'
      : sort === 'estimates' || sort === 'total'
        ? 'Number'
        : sort === 'status'
          ? 'Status'
          : 'Text';
  return `plainProjects.order${kind}${direction === 'asc' ? 'Asc' : 'Desc'}` as MessageKey;
}

/** The order the list is in, in words: the service's own (named as such), or a column's. */
function OrderStatus() {
  const t = useT();
  const sort = useProjects((s) => s.loadedQuery?.sort ?? s.query.sort);
  const direction = useProjects((s) => s.loadedQuery?.direction ?? s.query.direction);
  const incomplete = useProjects((s) => s.page?.factsIncomplete ?? 0);
  const tp = useTPlural();
  const order =
    sort === 'service'
      ? t('plainProjects.orderService')
      : t('plainProjects.orderBy', {
          column: t(ORDER_LABELS[sort]),
          direction: t(directionKey(sort, direction)),
        });
  // Sorted by a figure not known for every project: those go last, and the order says so.
  const text = incomplete > 0 ? `${order} ${tp('plainProjects.unknownLast', incomplete)}` : order;
  return (
    <span className="pager-order" data-testid="projects-order" title={text}>
      {text}
    </span>
  );
}

/**
 * A small mark while the clients and totals of the rows are looked up: a spinner, with how far it
 * got in its tooltip; screen readers hear that it runs and when it is done.
 */
function FactsProgress() {
  const t = useT();
  const lang = useLang();
  const fetching = useProjects((s) => s.factsFetching);
  const rows = useProjects((s) => s.page?.rows);
  const done = rows?.filter((r) => factsComplete(r.facts)).length ?? 0;
  const count = rows?.length ?? 0;
  const shown = fetching && done < count;
  const text = t('plainProjects.factsProgress', {
    done: formatNumber(done, lang),
    count: formatNumber(count, lang),
  });
  return (
    <span className="facts-progress" data-testid="facts-progress" role="status">
      {shown && (
        <>
          <span className="facts-progress-spinner" title={text} aria-hidden="true" />
          <span className="sr-only">{t('plainProjects.factsLooking')}</span>
        </>
      )}
    </span>
  );
}

/** "Page X of Y · N projects", with previous/next. */
export function Pager() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const data = useProjects((s) => s.page);
  const queryPage = useProjects((s) => s.query.page);
  const pageSize = useProjects((s) => s.query.pageSize);

  const totalPages = data?.totalPages ?? null;
  const shownPage = data?.page ?? queryPage;
  const status = !data
    ? ''
    : [
        totalPages !== null
          ? t('projects.pageOf', {
              page: formatNumber(shownPage, lang),
              pages: formatNumber(Math.max(1, totalPages), lang),
            })
          : t('projects.pageOnly', { page: formatNumber(shownPage, lang) }),
        data.totalCount !== null ? tp('projects.count', data.totalCount) : null,
      ]
        .filter(Boolean)
        .join(' · ');

  const atEnd = totalPages !== null ? queryPage >= totalPages : !data || data.rows.length < pageSize;
  const store = useProjects.getState;

  return (
    <nav className="pager" aria-label={t('projects.pager')}>
      <label htmlFor="page-size" className="pager-size-label">
        {t('projects.pageSize')}
      </label>
      <select
        id="page-size"
        className="select pager-size"
        data-testid="page-size"
        value={pageSize}
        onChange={(e) => store().setPageSize(Number(e.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <OrderStatus />
      <FactsProgress />
      <span className="pager-spacer" />
      <span className="pager-status" data-testid="pager-status" aria-live="polite">
        {status}
      </span>
      <Button
        size="sm"
        onClick={() => store().setPage(queryPage - 1)}
        disabled={queryPage <= 1}
        data-testid="pager-prev"
        className="btn-prev"
      >
        {t('projects.prev')}
      </Button>
      <Button
        size="sm"
        onClick={() => store().setPage(queryPage + 1)}
        disabled={atEnd}
        data-testid="pager-next"
        className="btn-next"
      >
        {t('projects.next')}
      </Button>
    </nav>
  );
}
