import { onRowKeyDown } from '../../components/row-keys';
import type { KeyboardEvent } from 'react';
import { Badge } from '../../components/Badge';
import { SortHeader, Table, type SortState } from '../../components/Table';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';
import type { MessageKey } from '../../i18n/messages';
import type { ProjectFacts } from '../../../../src-shared/projects/types';
import { totalComplete, totalText, useTotalCoverage } from '../project/facts';
import { useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { projectRef } from '../project/ref';
import { useProjects, type SortKey } from './store';
import type { ProjectRow } from '../../../../src-shared/projects/types';

const DASH = '—';

/**
 * The list's columns, in order; every one sorts (the whole list, in main). Where the list is narrow
 * (a small window with the detail panel open), the creation date and then the reference step aside:
 * the panel shows both.
 */
const PROJECT_COLUMNS: {
  key: Exclude<SortKey, 'service'>;
  label: MessageKey;
  col: string;
  numeric?: boolean;
}[] = [
  { key: 'name', label: 'projects.colName', col: 'col-name' },
  { key: 'client', label: 'plainProjects.colClient', col: 'col-client' },
  { key: 'ref', label: 'projects.colRef', col: 'col-ref' },
  { key: 'estimates', label: 'plainProjects.colEstimates', col: 'col-count', numeric: true },
  { key: 'total', label: 'plainProjects.colTotal', col: 'col-money', numeric: true },
  { key: 'modified', label: 'projects.colModified', col: 'col-modified' },
  { key: 'created', label: 'projects.colCreated', col: 'col-created' },
  { key: 'status', label: 'projects.colStatus', col: 'col-status' },
];

/** What the project's estimates add up to where known; a partial sum says how much it covers. */
function TotalCell({ facts }: { facts: ProjectFacts | undefined }) {
  const t = useT();
  const lang = useLang();
  const coverage = useTotalCoverage();
  const text = totalText(facts, lang);
  if (!facts || !text) {
    return (
      <span className="cell-empty" title={t('plainProjects.totalUnknown')}>
        {DASH}
      </span>
    );
  }
  if (totalComplete(facts)) return <span title={text}>{text}</span>;
  const note = coverage(facts);
  return (
    <span className="total-partial" title={`${text} · ${note}`}>
      {text}
      <span className="sr-only"> ({note})</span>
      <span aria-hidden="true">*</span>
    </span>
  );
}

function openProject(row: ProjectRow): void {
  useNavigation.getState().openOverview(projectRef(row));
}

function sortState(sort: SortKey, direction: 'asc' | 'desc', column: SortKey): SortState {
  if (sort !== column) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * Arrow keys move between rows; Enter or Space selects, Enter on the selected row opens the project;
 * PageUp/PageDown page; Escape deselects.
 */
function onRowKey(e: KeyboardEvent<HTMLTableRowElement>, row: ProjectRow) {
  const store = useProjects.getState;
  onRowKeyDown(e, {
    activate: () => {
      if (e.key === 'Enter' && store().selectedId === row.id) openProject(row);
      else store().select(row.id);
    },
    other: (key) => {
      if (key === 'PageDown') store().setPage(store().query.page + 1);
      else if (key === 'PageUp') store().setPage(store().query.page - 1);
      else if (key === 'Escape') store().select(null);
      else return false;
      return key !== 'Escape';
    },
  });
}

export function ProjectsTable() {
  const t = useT();
  const lang = useLang();
  const data = useProjects((s) => s.page);
  const loading = useProjects((s) => s.loading);
  const sort = useProjects((s) => s.query.sort);
  const direction = useProjects((s) => s.query.direction);
  const filtered = useProjects((s) =>
    Boolean(s.loadedQuery?.name || s.loadedQuery?.ref || s.loadedQuery?.team),
  );
  const selectedId = useProjects((s) => s.selectedId);

  const rows = data?.rows ?? [];
  const focusableId = rows.some((r) => r.id === selectedId) ? selectedId : (rows[0]?.id ?? null);
  const store = useProjects.getState;

  return (
    <Table label={t('projects.tableLabel')} testId="projects-table" busy={loading && data !== null}>
      <thead>
        <tr>
          {PROJECT_COLUMNS.map((c) => (
            <SortHeader
              key={c.key}
              label={t(c.label)}
              state={sortState(sort, direction, c.key)}
              onSort={() => store().toggleSort(c.key)}
              title={t('projects.sortBy', { column: t(c.label) })}
              testId={`sort-${c.key}`}
              className={`${c.col}${c.numeric ? ' num' : ''}`}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const selected = row.id === selectedId;
          return (
            <tr
              key={row.id}
              data-testid={`project-row-${row.id}`}
              data-archived={row.archived ? 'true' : 'false'}
              aria-selected={selected}
              className={`project-row${row.archived ? ' is-archived' : ''}${selected ? ' is-selected' : ''}`}
              tabIndex={row.id === focusableId ? 0 : -1}
              onClick={() => store().select(row.id)}
              onDoubleClick={() => openProject(row)}
              onKeyDown={(e) => onRowKey(e, row)}
            >
              <td className="cell-name" title={row.name}>
                {row.name}
              </td>
              <td
                className="cell-client"
                title={row.facts?.client ?? undefined}
                data-testid={`project-client-${row.id}`}
              >
                {row.facts?.client || <span className="cell-empty">{DASH}</span>}
              </td>
              <td className="col-ref cell-ref mono" title={row.externalReferenceId ?? undefined}>
                {row.externalReferenceId || <span className="cell-empty">{DASH}</span>}
              </td>
              <td className="num" data-testid={`project-estimates-${row.id}`}>
                {row.facts?.estimates != null ? (
                  formatNumber(row.facts.estimates, lang)
                ) : (
                  <span className="cell-empty" title={t('plainProjects.notKnownYet')}>
                    {DASH}
                  </span>
                )}
              </td>
              <td className="num cell-total" data-testid={`project-total-${row.id}`}>
                <TotalCell facts={row.facts} />
              </td>
              <td className="col-modified" title={formatDateTime(row.modified, lang) || undefined}>
                {formatDate(row.modified, lang) || <span className="cell-empty">{DASH}</span>}
              </td>
              <td className="col-created" title={formatDateTime(row.created, lang) || undefined}>
                {formatDate(row.created, lang) || <span className="cell-empty">{DASH}</span>}
              </td>
              <td>{row.archived && <Badge tone="archived">{t('projects.archived')}</Badge>}</td>
            </tr>
          );
        })}
        {rows.length === 0 && (
          <tr className="table-message">
            <td colSpan={PROJECT_COLUMNS.length}>
              {!data
                ? loading
                  ? t('projects.loading')
                  : ''
                : filtered
                  ? t('projects.emptyFiltered')
                  : t('projects.empty')}
            </td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}
