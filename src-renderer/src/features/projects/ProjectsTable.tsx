import { onRowKeyDown } from '../../components/row-keys';
import { useRef, type KeyboardEvent } from 'react';
import { Badge } from '../../components/Badge';
import { SortHeader, Table, type SortState } from '../../components/Table';
import { formatDate, formatDateTime } from '../../i18n/format';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { factsComplete } from '../project/facts-fetch';
import { projectRef } from '../project/ref';
import { ClientCell, CountCell, TotalCell } from './ProjectFactsCells';
import { useProjects, type SortKey } from './store';
import { useVisibleRows } from './visible-rows';
import type { ProjectRow } from '../../../../src-shared/projects/types';

/**
 * The list's columns, in order; every one sorts (the whole list, in main). The name has priority: it
 * keeps room for a typical name, and where the list is narrow (a small window, the detail panel open)
 * the creation date, the number of estimates (the row's detail shows it), the reference and the
 * date of change step aside in that order (projects.css). A column empty on every row of the page
 * gives its room to the name.
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
  { key: 'estimates', label: 'plainProjects.colEstimates', col: 'col-count' },
  { key: 'total', label: 'plainProjects.colTotal', col: 'col-money', numeric: true },
  { key: 'modified', label: 'projects.colModified', col: 'col-modified' },
  { key: 'created', label: 'projects.colCreated', col: 'col-created' },
  { key: 'status', label: 'projects.colStatus', col: 'col-status' },
];

/** The table's classes for the columns no row of the page fills (and none is about to). */
function emptyColumns(rows: ProjectRow[], fetching: boolean): string {
  const classes = ['projects-table'];
  const waiting = fetching && rows.some((r) => !factsComplete(r.facts));
  if (!waiting && !rows.some((r) => r.facts?.client)) classes.push('no-client');
  if (!rows.some((r) => r.externalReferenceId)) classes.push('no-ref');
  if (!rows.some((r) => r.archived)) classes.push('no-status');
  return classes.join(' ');
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

function ProjectRowView({
  row,
  selected,
  focusable,
}: {
  row: ProjectRow;
  selected: boolean;
  focusable: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const pending = useProjects((s) => s.factsFetching && !factsComplete(row.facts));
  const store = useProjects.getState;
  const facts = { facts: row.facts, pending };
  return (
    <tr
      data-testid={`project-row-${row.id}`}
      data-row-id={row.id}
      data-archived={row.archived ? 'true' : 'false'}
      aria-selected={selected}
      className={`project-row${row.archived ? ' is-archived' : ''}${selected ? ' is-selected' : ''}`}
      tabIndex={focusable ? 0 : -1}
      onClick={() => store().select(row.id)}
      onDoubleClick={() => openProject(row)}
      onKeyDown={(e) => onRowKey(e, row)}
    >
      <td className="cell-name" title={row.name}>
        {row.name}
      </td>
      <td className="col-client cell-client" data-testid={`project-client-${row.id}`}>
        <ClientCell {...facts} />
      </td>
      <td className="col-ref cell-ref mono" title={row.externalReferenceId ?? undefined}>
        {row.externalReferenceId || <span className="cell-empty">—</span>}
      </td>
      <td className="col-count num" data-testid={`project-estimates-${row.id}`}>
        <CountCell {...facts} />
      </td>
      <td className="col-money num cell-total" data-testid={`project-total-${row.id}`}>
        <TotalCell {...facts} />
      </td>
      <td className="col-modified" title={formatDateTime(row.modified, lang) || undefined}>
        {formatDate(row.modified, lang) || <span className="cell-empty">—</span>}
      </td>
      <td className="col-created" title={formatDateTime(row.created, lang) || undefined}>
        {formatDate(row.created, lang) || <span className="cell-empty">—</span>}
      </td>
      <td className="col-status">
        {row.archived && <Badge tone="archived">{t('projects.archived')}</Badge>}
      </td>
    </tr>
  );
}

export function ProjectsTable() {
  const t = useT();
  const data = useProjects((s) => s.page);
  const loading = useProjects((s) => s.loading);
  const fetching = useProjects((s) => s.factsFetching);
  const sort = useProjects((s) => s.query.sort);
  const direction = useProjects((s) => s.query.direction);
  const filtered = useProjects((s) =>
    Boolean(s.loadedQuery?.name || s.loadedQuery?.ref || s.loadedQuery?.team),
  );
  const selectedId = useProjects((s) => s.selectedId);
  const listRef = useRef<HTMLDivElement>(null);

  const rows = data?.rows ?? [];
  const focusableId = rows.some((r) => r.id === selectedId) ? selectedId : (rows[0]?.id ?? null);
  const store = useProjects.getState;
  useVisibleRows(listRef, rows.map((r) => r.id).join(' '));

  return (
    <div className="projects-table-frame" ref={listRef}>
      <Table
        label={t('projects.tableLabel')}
        testId="projects-table"
        busy={loading && data !== null}
        className={emptyColumns(rows, fetching)}
      >
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
          {rows.map((row) => (
            <ProjectRowView
              key={row.id}
              row={row}
              selected={row.id === selectedId}
              focusable={row.id === focusableId}
            />
          ))}
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
    </div>
  );
}
