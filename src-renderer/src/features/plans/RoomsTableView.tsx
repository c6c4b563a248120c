import { useMemo } from 'react';
import type { RoomsTable, RoomsTableRow } from '../../../../src-shared/plans/types';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { SortHeader, Table } from '../../components/Table';
import { describeError } from '../../errors/describe-error';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useTerm } from './bits';
import { measureText, numberWithUnit } from './plan-text';
import { isNumericColumn, ROOMS_COLUMNS, sortRooms, type RoomsColumn } from './rooms-sort';
import { usePlans } from './store';
import { CsvFormatHint } from './CsvFormatHint';
import { isSummedColumn, roomsColumnLabel } from '../../../../src-shared/plans/rooms-columns';

const DASH = '—';

function Cell({ row, column, onShow }: { row: RoomsTableRow; column: RoomsColumn; onShow?: () => void }) {
  const t = useT();
  const lang = useLang();
  const term = useTerm();
  let text: string | null;
  if (column === 'floor') text = row.floor;
  else if (column === 'name') text = row.name;
  else if (column === 'type') text = row.type === null ? null : term('roomType', row.type);
  else if (column === 'doors' || column === 'windows') text = formatNumber(row[column], lang);
  else text = measureText(row[column], lang);
  if (text === null || text === '')
    return (
      <span className="cell-empty" title={t('plan.notAvailable')}>
        {DASH}
      </span>
    );
  if (onShow)
    return (
      <button type="button" className="link-button rooms-show" onClick={onShow} title={t('plan.rowHint')}>
        {text}
      </button>
    );
  return <>{text}</>;
}

/** The totals row's cell of a column: the sum with its unit, or why a figure column has none. */
function TotalCellView({ rooms, column }: { rooms: RoomsTable; column: RoomsColumn }) {
  const t = useT();
  const lang = useLang();
  const total = rooms.totals[column];
  if (total) return <>{numberWithUnit(total.value, total.unit, lang)}</>;
  if (!isSummedColumn(column)) return null;
  return (
    <span className="cell-empty" title={t('plainPlan.totalNotAdded')}>
      {DASH}
    </span>
  );
}

/**
 * Every room of the plan in one table, sortable by any column (numbers by the service's number,
 * text in the UI language's order), and exported by main as Excel or CSV.
 */
export function RoomsTableView({ rooms }: { rooms: RoomsTable }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const sort = usePlans((s) => s.sort);
  const exportBusy = usePlans((s) => s.exportBusy);
  const exportedPath = usePlans((s) => s.exportedPath);
  const exportError = usePlans((s) => s.exportError);
  const store = usePlans.getState;
  const term = useTerm();
  const rows = useMemo(
    () => sortRooms(rooms.rows, sort, lang, (raw) => term('roomType', raw)),
    [rooms.rows, sort, lang, term],
  );

  const showRoom = (row: RoomsTableRow) => {
    const view = store().result?.view;
    const floorIndex = view?.floors?.findIndex((f) => f.id === row.floorId) ?? -1;
    if (floorIndex < 0 || !row.roomId) return;
    store().selectFloor(floorIndex);
    store().selectRoom(row.roomId);
    store().setTab('overview');
  };

  return (
    <div className="rooms-view">
      <div className="rooms-toolbar">
        <span className="rooms-count">{rooms.available ? tp('plan.roomsCount', rooms.rows.length) : ''}</span>
        <span className="screen-bar-spacer" />
        <Button
          size="sm"
          busy={exportBusy === 'xlsx'}
          disabled={exportBusy !== null || !rooms.available}
          onClick={() => void store().exportRooms('xlsx')}
          data-testid="rooms-export-xlsx"
        >
          {t('plan.exportXlsx')}
        </Button>
        <Button
          size="sm"
          busy={exportBusy === 'csv'}
          disabled={exportBusy !== null || !rooms.available}
          onClick={() => void store().exportRooms('csv')}
          aria-describedby="rooms-csv-format"
          data-testid="rooms-export-csv"
        >
          {t('plan.exportCsv')}
        </Button>
      </div>
      <CsvFormatHint id="rooms-csv-format" />

      {(exportedPath || exportError) && (
        <div className="screen-notices">
          {exportedPath && (
            <Notice tone="success" testId="rooms-export-result" onDismiss={() => store().dismissExport()}>
              {t('export.savedTo', { path: exportedPath })}
            </Notice>
          )}
          {exportError && (
            <Notice tone="error" testId="rooms-export-error" onDismiss={() => store().dismissExport()}>
              {describeError(exportError, lang)}
            </Notice>
          )}
        </div>
      )}

      {!rooms.available ? (
        <div className="plan-not-available" data-testid="plan-not-available" role="note">
          {t('plan.floorsNotAvailable')}
        </div>
      ) : (
        <Table label={t('plan.roomsTableLabel')} testId="rooms-table">
          <thead>
            <tr>
              {ROOMS_COLUMNS.map((column) => {
                const state =
                  sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
                const label = t(roomsColumnLabel(column));
                return (
                  <SortHeader
                    key={column}
                    label={label}
                    state={state}
                    onSort={() => store().sortBy(column)}
                    title={t('projects.sortBy', { column: label })}
                    testId={`rooms-sort-${column}`}
                    className={isNumericColumn(column) ? 'num' : undefined}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr
                key={row.roomId ?? `i-${i}`}
                data-testid={row.roomId ? `rooms-row-${row.roomId}` : undefined}
                className="rooms-row"
              >
                {ROOMS_COLUMNS.map((column) => (
                  <td key={column} className={isNumericColumn(column) ? 'num' : undefined}>
                    <Cell
                      row={row}
                      column={column}
                      onShow={
                        column === 'name' && row.roomId && row.floorId ? () => showRoom(row) : undefined
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr className="table-message">
                <td colSpan={ROOMS_COLUMNS.length}>{t('plan.noRooms')}</td>
              </tr>
            )}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr className="rooms-totals" data-testid="rooms-totals">
                {ROOMS_COLUMNS.map((column, i) =>
                  i === 0 ? (
                    <th key={column} scope="row">
                      {t('plainPlan.total')}
                    </th>
                  ) : (
                    <td
                      key={column}
                      className={isNumericColumn(column) ? 'num' : undefined}
                      data-testid={`rooms-total-${column}`}
                    >
                      <TotalCellView rooms={rooms} column={column} />
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </Table>
      )}
    </div>
  );
}
