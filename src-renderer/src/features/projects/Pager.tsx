import { Button } from '../../components/Button';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { PAGE_SIZES, useProjects, type PageSize } from './store';

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
