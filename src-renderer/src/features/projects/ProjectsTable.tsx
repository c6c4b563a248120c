import { onRowKeyDown } from '../../components/row-keys';
import type { KeyboardEvent } from 'react';
import { Badge } from '../../components/Badge';
import { SortHeader, Table, type SortState } from '../../components/Table';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useProjects, type SortKey } from './store';
import type { ProjectRow } from '../../../../src-shared/projects/types';

const DASH = '—';

function sortState(sort: SortKey, direction: 'asc' | 'desc', column: SortKey): SortState {
  if (sort !== column) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

/** Arrow keys move between rows; Enter or Space selects; PageUp/PageDown page; Escape deselects. */
function onRowKey(e: KeyboardEvent<HTMLTableRowElement>, row: ProjectRow) {
  const store = useProjects.getState;
  onRowKeyDown(e, {
    activate: () => store().select(row.id),
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
      <colgroup>
        <col className="col-name" />
        <col className="col-ref" />
        <col className="col-date" />
        <col className="col-date" />
        <col className="col-status" />
      </colgroup>
      <thead>
        <tr>
          <SortHeader
            label={t('projects.colName')}
            state={sortState(sort, direction, 'name')}
            onSort={() => store().toggleSort('name')}
            title={t('projects.sortBy', { column: t('projects.colName') })}
            testId="sort-name"
          />
          <th scope="col">{t('projects.colRef')}</th>
          <SortHeader
            label={t('projects.colModified')}
            state={sortState(sort, direction, 'modified')}
            onSort={() => store().toggleSort('modified')}
            title={t('projects.sortBy', { column: t('projects.colModified') })}
            testId="sort-modified"
          />
          <th scope="col">{t('projects.colCreated')}</th>
          <th scope="col">{t('projects.colStatus')}</th>
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
              onKeyDown={(e) => onRowKey(e, row)}
            >
              <td className="cell-name" title={row.name}>
                {row.name}
              </td>
              <td className="cell-ref mono" title={row.externalReferenceId ?? undefined}>
                {row.externalReferenceId || <span className="cell-empty">{DASH}</span>}
              </td>
              <td title={formatDateTime(row.modified, lang) || undefined}>
                {formatDate(row.modified, lang) || <span className="cell-empty">{DASH}</span>}
              </td>
              <td title={formatDateTime(row.created, lang) || undefined}>
                {formatDate(row.created, lang) || <span className="cell-empty">{DASH}</span>}
              </td>
              <td>{row.archived && <Badge tone="archived">{t('projects.archived')}</Badge>}</td>
            </tr>
          );
        })}
        {rows.length === 0 && (
          <tr className="table-message">
            <td colSpan={5}>
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
