import { memo, type CSSProperties } from 'react';
import type { RowCells } from './cells';
import { displayKind, FIXED_TREE_COLUMN, type StickyPlace, type TreeColumnKey } from './columns';
import { hasChildren } from './tree-rows';
import type { EstimateRow } from '../../../../src-shared/estimates/types';

/** Fixed row height (px): positions are computed, never measured. Keep in step with estimates.css. */
export const ROW_HEIGHT = 28;
const INDENT_PX = 18;
/** Deeper levels are not indented further (a chain thousands deep would push the name out of view). */
const MAX_INDENT_LEVELS = 20;

export interface RowLabels {
  expand: string;
  collapse: string;
  unnamed: string;
  mismatch: (service: string, computed: string) => string;
  noTotal: (computed: string) => string;
}

export type StickyMap = ReadonlyMap<TreeColumnKey, StickyPlace>;

/** Class and offset of a cell that stays in view while the other columns scroll sideways. */
export function stuck(place: StickyPlace | undefined): { className: string; style?: CSSProperties } {
  if (!place) return { className: '' };
  return {
    className: ` is-sticky is-sticky-${place.side}${place.edge ? ' is-sticky-edge' : ''}`,
    style: place.side === 'left' ? { left: place.offset } : { right: place.offset },
  };
}

interface TreeRowProps {
  row: EstimateRow;
  index: number;
  position: number;
  cells: RowCells;
  columns: readonly TreeColumnKey[];
  sticky: StickyMap;
  expanded: boolean;
  tabbable: boolean;
  highlighted: boolean;
  labels: RowLabels;
  onToggle: (index: number) => void;
  onActivate: (index: number) => void;
}

function TotalCell({
  row,
  cells,
  labels,
  place,
}: {
  row: EstimateRow;
  cells: RowCells;
  labels: RowLabels;
  place: StickyPlace | undefined;
}) {
  const shown = cells.text.total;
  const { className: sticky, style } = stuck(place);
  if (cells.mismatch) {
    const detail = labels.mismatch(shown, cells.computedTotal);
    return (
      <div
        role="gridcell"
        className={`tree-cell tree-cell-money tree-cell-mismatch${sticky}`}
        style={style}
        title={detail}
      >
        <span className="tree-mismatch" data-testid={`mismatch-${row.id}`}>
          <span className="tree-mismatch-sign" aria-hidden="true">
            ≠
          </span>
          <span className="sr-only">{detail}</span>
        </span>
        <span className="tree-cell-text">{shown}</span>
      </div>
    );
  }
  if (!shown && row.type === 'group' && cells.computedTotal) {
    return (
      <div
        role="gridcell"
        className={`tree-cell tree-cell-money${sticky}`}
        style={style}
        title={labels.noTotal(cells.computedTotal)}
      >
        <span className="tree-cell-empty">—</span>
      </div>
    );
  }
  return (
    <div role="gridcell" className={`tree-cell tree-cell-money${sticky}`} style={style}>
      {shown}
    </div>
  );
}

/** One item row. Memoised: scrolling mounts the rows coming into view and leaves the others alone. */
export const TreeRow = memo(function TreeRow({
  row,
  index,
  position,
  cells,
  columns,
  sticky,
  expanded,
  tabbable,
  highlighted,
  labels,
  onToggle,
  onActivate,
}: TreeRowProps) {
  const group = row.type === 'group';
  const expandable = hasChildren(row);
  const indent = 6 + Math.min(row.depth, MAX_INDENT_LEVELS) * INDENT_PX;
  const name = cells.text.name || labels.unnamed;
  const classes = [
    'tree-row',
    group ? 'is-group' : 'is-position',
    position % 2 === 1 ? 'is-odd' : '',
    highlighted ? 'is-highlighted' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="row"
      className={classes}
      style={{ transform: `translateY(${position * ROW_HEIGHT}px)` }}
      aria-rowindex={position + 2}
      aria-level={row.depth + 1}
      aria-expanded={expandable ? expanded : undefined}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-testid={`tree-row-${row.id}`}
      data-depth={row.depth}
      data-type={row.type}
      data-expanded={group ? (expanded ? 'true' : 'false') : undefined}
      onClick={() => onActivate(index)}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onActivate(index);
      }}
    >
      {columns.map((key) => {
        const place = sticky.get(key);
        const { className: stickyClass, style } = stuck(place);
        if (key === FIXED_TREE_COLUMN) {
          return (
            <div
              key={key}
              role="gridcell"
              className={`tree-cell tree-cell-name${stickyClass}`}
              style={{ ...style, paddingLeft: indent }}
            >
              {expandable ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className={`tree-toggle${expanded ? ' is-expanded' : ''}`}
                  data-testid={`tree-toggle-${row.id}`}
                  aria-label={expanded ? labels.collapse : labels.expand}
                  title={expanded ? labels.collapse : labels.expand}
                  onClick={(e) => {
                    e.stopPropagation();
                    onToggle(index);
                  }}
                />
              ) : (
                <span className="tree-toggle-space" aria-hidden="true" />
              )}
              <span className={`tree-cell-text${cells.text.name ? '' : ' tree-cell-empty'}`} title={name}>
                {name}
              </span>
            </div>
          );
        }
        if (key === 'total')
          return <TotalCell key={key} row={row} cells={cells} labels={labels} place={place} />;
        const kind = displayKind(key);
        const value = cells.text[key];
        return (
          <div
            key={key}
            role="gridcell"
            className={`tree-cell tree-cell-${kind}${stickyClass}`}
            style={style}
            title={kind === 'text' && value ? value : undefined}
          >
            {value}
          </div>
        );
      })}
    </div>
  );
});
