import {
  memo,
  useCallback,
  useImperativeHandle,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Button } from '../../components/Button';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { RowFormatter, type RowCells } from './cells';
import { ColumnChooser } from './ColumnChooser';
import {
  columnLabel,
  displayKind,
  FIXED_TREE_COLUMN,
  gridTemplate,
  stickyPlaces,
  type StickyPlace,
  type TreeColumnKey,
} from './columns';
import {
  carryExpansion,
  collapseAll,
  computeVisibleRows,
  expandAll,
  expandAncestors,
  hasChildren,
  initialExpansion,
  setExpanded,
  visiblePosition,
  windowRange,
  type ExpansionFlags,
} from './tree-rows';
import type { EstimateRow } from '../../../../src-shared/estimates/types';

/** Fixed row height (px): positions are computed, never measured. Keep in step with estimates.css. */
export const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 32;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no gaps. */
const OVERSCAN = 12;
const INDENT_PX = 18;
/** Height kept free under the rows of a short tree for a horizontal scroll bar. */
const SCROLLBAR_ROOM = 18;
/** Deeper levels are not indented further (a chain thousands deep would push the name out of view). */
const MAX_INDENT_LEVELS = 20;

export interface EstimateTreeHandle {
  /** Expands the row's ancestors, scrolls it to the middle of the view, focuses and highlights it. */
  reveal: (index: number) => void;
}

interface Expansion {
  rows: readonly EstimateRow[];
  flags: ExpansionFlags;
}

interface ScrollRequest {
  index: number;
  mode: 'center' | 'nearest';
  seq: number;
}

interface RowLabels {
  expand: string;
  collapse: string;
  unnamed: string;
  mismatch: (service: string, computed: string) => string;
  noTotal: (computed: string) => string;
}

type StickyMap = ReadonlyMap<TreeColumnKey, StickyPlace>;

/** Class and offset of a cell that stays in view while the other columns scroll sideways. */
function stuck(place: StickyPlace | undefined): { className: string; style?: CSSProperties } {
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
const TreeRow = memo(function TreeRow({
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

export interface EstimateTreeProps {
  rows: EstimateRow[];
  currency: string;
  columns: TreeColumnKey[];
  ref?: Ref<EstimateTreeHandle>;
}

/**
 * The items as a virtual tree grid: fixed-height rows, only the window on screen (plus overscan) in
 * the DOM, visible rows computed in one pass over the flattened rows whenever a group opens or
 * closes (never on scroll), and each row's text formatted when it first comes into view.
 */
export function EstimateTree({ rows, currency, columns, ref }: EstimateTreeProps) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();

  const [expansion, setExpansion] = useState<Expansion>(() => ({ rows, flags: initialExpansion(rows) }));
  // The same estimate loaded again: keep what the user had open (matched by item id).
  let flags = expansion.flags;
  if (expansion.rows !== rows) {
    flags = carryExpansion(expansion.rows, expansion.flags, rows);
    setExpansion({ rows, flags });
  }

  const visible = useMemo(() => computeVisibleRows(rows, flags), [rows, flags]);
  const formatter = useMemo(() => new RowFormatter(rows, currency, lang), [rows, currency, lang]);
  const { template, minWidth } = useMemo(() => gridTemplate(columns), [columns]);
  const sticky = useMemo(() => stickyPlaces(columns), [columns]);

  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(640);
  const [active, setActive] = useState(-1);
  const [highlight, setHighlight] = useState(-1);
  const [request, setRequest] = useState<ScrollRequest | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const requestSeq = useRef(0);
  const handledSeq = useRef(0);

  const labels = useMemo<RowLabels>(
    () => ({
      expand: t('estimate.expand'),
      collapse: t('estimate.collapse'),
      unnamed: t('estimate.unnamed'),
      mismatch: (service, computed) => t('estimate.mismatch', { service, computed }),
      noTotal: (computed) => t('estimate.groupNoTotal', { computed }),
    }),
    [t],
  );

  // Read by the UI benchmark (bench/ui-estimate.spec.ts): these rows are now on screen.
  useEffect(() => {
    if (rows.length > 0) performance.mark('plandesk:estimate-rows');
  }, [rows]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** Makes a row the current one and brings it into view (after the render that shows it). */
  const go = useCallback((index: number, mode: ScrollRequest['mode']) => {
    requestSeq.current += 1;
    setRequest({ index, mode, seq: requestSeq.current });
    setActive(index);
  }, []);

  const toggle = useCallback((index: number, value?: boolean) => {
    setExpansion((s) => ({ rows: s.rows, flags: setExpanded(s.flags, index, value) }));
  }, []);

  const onToggle = useCallback(
    (index: number) => {
      toggle(index);
      setActive(index);
    },
    [toggle],
  );

  useImperativeHandle(
    ref,
    () => ({
      reveal: (index: number) => {
        setExpansion((s) => ({ rows: s.rows, flags: expandAncestors(s.rows, s.flags, index) }));
        setHighlight(index);
        go(index, 'center');
      },
    }),
    [go],
  );

  // A pending scroll request: scroll the row into view and focus it.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!request || !el || request.seq === handledSeq.current) return;
    handledSeq.current = request.seq;
    const pos = visiblePosition(visible, request.index);
    if (pos < 0) return;
    const top = pos * ROW_HEIGHT;
    const room = Math.max(ROW_HEIGHT, el.clientHeight - HEADER_HEIGHT);
    if (request.mode === 'center') {
      el.scrollIntoView({ block: 'nearest' });
      el.scrollTop = Math.max(0, top - (room - ROW_HEIGHT) / 2);
    } else if (top < el.scrollTop) {
      el.scrollTop = top;
    } else if (top + ROW_HEIGHT > el.scrollTop + room) {
      el.scrollTop = top + ROW_HEIGHT - room;
    }
    el.querySelector<HTMLElement>(`[data-index="${request.index}"]`)?.focus({ preventScroll: true });
  }, [request, visible]);

  const activePos = active >= 0 ? visiblePosition(visible, active) : -1;
  const current = activePos >= 0 ? active : (visible[0] ?? -1);
  const currentPos = activePos >= 0 ? activePos : 0;
  const { start, end } = windowRange(
    scrollTop,
    viewport - HEADER_HEIGHT,
    ROW_HEIGHT,
    visible.length,
    OVERSCAN,
  );
  // The current row stays mounted even when scrolled away, so it keeps the keyboard focus.
  const positions: number[] = [];
  if (current >= 0 && (currentPos < start || currentPos >= end)) positions.push(currentPos);
  for (let p = start; p < end; p++) positions.push(p);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!target || e.altKey || e.ctrlKey || e.metaKey) return;
    const index = Number(target.dataset.index);
    const row = rows[index];
    if (!row) return;
    const pos = visiblePosition(visible, index);
    const page = Math.max(1, Math.floor((viewport - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const goTo = (p: number) => {
      const target = visible[Math.max(0, Math.min(visible.length - 1, p))];
      if (target !== undefined) go(target, 'nearest');
    };
    switch (e.key) {
      case 'ArrowDown':
        goTo(pos + 1);
        break;
      case 'ArrowUp':
        goTo(pos - 1);
        break;
      case 'Home':
        goTo(0);
        break;
      case 'End':
        goTo(visible.length - 1);
        break;
      case 'PageDown':
        goTo(pos + page);
        break;
      case 'PageUp':
        goTo(pos - page);
        break;
      case 'ArrowRight':
        if (hasChildren(row)) {
          if (flags[index] !== 1) toggle(index, true);
          else goTo(pos + 1);
        }
        break;
      case 'ArrowLeft':
        if (hasChildren(row) && flags[index] === 1) toggle(index, false);
        else if (row.parentIndex >= 0) go(row.parentIndex, 'nearest');
        break;
      case 'Enter':
        if (hasChildren(row)) toggle(index);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const gridStyle = {
    '--tree-columns': template,
    '--tree-min-width': `${minWidth}px`,
    // A short estimate gets a short box (room for a horizontal scroll bar included).
    maxHeight: HEADER_HEIGHT + Math.max(visible.length, 3) * ROW_HEIGHT + SCROLLBAR_ROOM,
  } as CSSProperties;

  return (
    <div className="tree">
      <div className="tree-toolbar">
        <h2 className="tree-title">{t('estimate.items')}</h2>
        <span className="tree-count">{tp('estimate.itemCount', rows.length)}</span>
        <span className="tree-toolbar-spacer" />
        <Button
          size="sm"
          onClick={() => setExpansion({ rows, flags: expandAll(rows) })}
          disabled={rows.length === 0}
          data-testid="expand-all"
        >
          {t('estimate.expandAll')}
        </Button>
        <Button
          size="sm"
          onClick={() => setExpansion({ rows, flags: collapseAll(rows) })}
          disabled={rows.length === 0}
          data-testid="collapse-all"
        >
          {t('estimate.collapseAll')}
        </Button>
        <ColumnChooser />
      </div>
      <div
        ref={scrollRef}
        className="tree-scroll"
        data-testid="estimate-tree"
        role="treegrid"
        aria-label={t('estimate.treeLabel')}
        aria-rowcount={visible.length + 1}
        style={gridStyle}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div className="tree-header" role="row" aria-rowindex={1}>
          {columns.map((key) => {
            const { className: stickyClass, style } = stuck(sticky.get(key));
            return (
              <div
                key={key}
                role="columnheader"
                className={`tree-head tree-head-${displayKind(key)}${stickyClass}`}
                style={style}
                title={t(columnLabel(key))}
                data-testid={`tree-head-${key}`}
              >
                {t(columnLabel(key))}
              </div>
            );
          })}
        </div>
        {rows.length === 0 ? (
          <div className="tree-empty">{t('estimate.noItems')}</div>
        ) : (
          <div className="tree-body" role="rowgroup" style={{ height: visible.length * ROW_HEIGHT }}>
            {positions.map((position) => {
              const index = visible[position]!;
              const row = rows[index]!;
              const cells = formatter.cells(index)!;
              return (
                <TreeRow
                  key={index}
                  row={row}
                  index={index}
                  position={position}
                  cells={cells}
                  columns={columns}
                  sticky={sticky}
                  expanded={flags[index] === 1}
                  tabbable={index === current}
                  highlighted={index === highlight}
                  labels={labels}
                  onToggle={onToggle}
                  onActivate={setActive}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
