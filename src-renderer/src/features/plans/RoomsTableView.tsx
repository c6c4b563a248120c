import { useMemo } from 'react';
import type { RoomsTable, RoomsTableRow } from '../../../../src-shared/plans/types';
import { Button } from '../../components/Button';
import { SortHeader, Table } from '../../components/Table';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { usePlanUnits, useTerm } from './bits';
import { numberWithUnit } from './plan-text';
import { columnDecimals, figureText, totalText } from './rooms-figures';
import { isNumericColumn, ROOMS_COLUMNS, sortRooms, type RoomsColumn } from './rooms-sort';
import { usePlans } from './store';
import { CsvFormatHint } from './CsvFormatHint';
import { RoomsExportNotices } from './RoomsExportNotices';
import { isSummedColumn, roomsColumnLabel } from '../../../../src-shared/plans/rooms-columns';
import { MEASURE_COLUMNS, type MeasureColumn } from '../../../../src-shared/plans/types';

function isMeasureColumn(column: RoomsColumn): column is MeasureColumn {
  return (MEASURE_COLUMNS as readonly string[]).includes(column);
}

const DASH = '—';

function Cell({ row, column, onShow }: { row: RoomsTableRow; column: RoomsColumn; onShow?: () => void }) {
  const t = useT();
  const lang = useLang();
  const term = useTerm();
  const units = usePlanUnits();
  let text: string | null;
  if (column === 'floor') text = row.floor;
  else if (column === 'name') text = row.name;
  else if (column === 'type') text = row.type === null ? null : term('roomType', row.type);
  else if (column === 'doors' || column === 'windows') text = formatNumber(row[column], lang);
  else text = figureText(row[column], columnDecimals(column, units), lang);
  if (text === null || text === '')
    return (
      <span className="cell-empty" title={t('plan.notAvailable')}>
        {DASH}
      </span>
    );
  if (onShow)
    return (
      <>
        <button
          type="button"
          className="link-button rooms-show"
          onClick={onShow}
          title={`${text} · ${t('plan.rowHint')}`}
        >
          {text}
        </button>
        <RoomSubline row={row} />
      </>
    );
  // A long name shortened in its column, whole on hover; the service's own text, where it wrote
  // the figure otherwise.
  if (!isMeasureColumn(column) && column !== 'doors' && column !== 'windows')
    return <span title={text}>{text}</span>;
  const serviceText = isMeasureColumn(column) ? row[column].formatted : null;
  return serviceText && serviceText !== text ? <span title={serviceText}>{text}</span> : <>{text}</>;
}

/** Floor and type under the room's name, where a narrow window's table gives their columns away. */
function RoomSubline({ row }: { row: RoomsTableRow }) {
  const term = useTerm();
  const parts = [row.floor, row.type === null ? null : term('roomType', row.type)].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="rooms-sub">{parts.join(' · ')}</span>;
}

/** The totals row's cell of a column: the sum with its unit, or why a figure column has none. */
function TotalCellView({ rooms, column }: { rooms: RoomsTable; column: RoomsColumn }) {
  const t = useT();
  const lang = useLang();
  const units = usePlanUnits();
  const total = rooms.totals[column];
  if (total && (column === 'doors' || column === 'windows')) return <>{formatNumber(total.value, lang)}</>;
  if (total && isMeasureColumn(column)) {
    return (
      <>
        {totalText(
          rooms.rows.map((row) => row[column]),
          total.unit,
          columnDecimals(column, units),
          lang,
        )}
      </>
    );
  }
  if (total) return <>{numberWithUnit(total.value, total.unit, lang)}</>;
  if (!isSummedColumn(column)) return null;
  return (
    <span className="cell-empty" title={t('plainPlan.totalNotAdded')}>
      {DASH}
    </span>
  );
}

/** The rooms table's count and its exports to Excel and CSV, with what became of the last one. */
function RoomsExport({ rooms }: { rooms: RoomsTable }) {
  const t = useT();
  const tp = useTPlural();
  const exportBusy = usePlans((s) => s.exportBusy);
  const store = usePlans.getState;
  return (
    <>
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

      <RoomsExportNotices />
    </>
  );
}

/**
 * Every room of the plan in one table, sortable by any column (numbers by the service's number,
 * text in the UI language's order), and exported by main as Excel or CSV.
 */
export function RoomsTableView({ rooms }: { rooms: RoomsTable }) {
  const t = useT();
  const lang = useLang();
  const sort = usePlans((s) => s.sort);
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
      <RoomsExport rooms={rooms} />

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
                    className={`rooms-col-${column}${isNumericColumn(column) ? ' num' : ''}`}
                    wrap={isNumericColumn(column)}
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
                  <td key={column} className={`rooms-col-${column}${isNumericColumn(column) ? ' num' : ''}`}>
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
                    <th key={column} scope="row" className="rooms-col-floor">
                      {t('plainPlan.total')}
                    </th>
                  ) : column === 'name' ? (
                    // Where the floor column gave way, the name's cell says what the row is.
                    <td key={column} className="rooms-col-name">
                      <span className="rooms-total-label">{t('plainPlan.total')}</span>
                    </td>
                  ) : (
                    <td
                      key={column}
                      className={`rooms-col-${column}${isNumericColumn(column) ? ' num' : ''}`}
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
