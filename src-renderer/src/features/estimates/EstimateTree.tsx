import {
  useCallback,
  useImperativeHandle,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import { useLang, useT } from '../../i18n/store';
import { RowFormatter } from './cells';
import { gridTemplate, stickyPlaces, type TreeColumnKey } from './columns';
import { onTreeKeyDown } from './tree-keys';
import {
  carryExpansion,
  collapseAll,
  computeVisibleRows,
  expandAll,
  expandAncestors,
  initialExpansion,
  setExpanded,
  visiblePosition,
  windowRange,
  type ExpansionFlags,
} from './tree-rows';
import { HiddenColumnsDetail, TreeHeader, TreeToolbar, useFittedColumns } from './TreeParts';
import { ROW_HEIGHT, TreeRow, type RowLabels } from './TreeRow';
import type { EstimateRow } from '../../../../src-shared/estimates/types';

export { ROW_HEIGHT };

const HEADER_HEIGHT = 32;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no gaps. */
const OVERSCAN = 12;
/** Height kept free under the rows of a short tree for a horizontal scroll bar. */
const SCROLLBAR_ROOM = 18;

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

export interface EstimateTreeProps {
  rows: EstimateRow[];
  currency: string;
  columns: TreeColumnKey[];
  ref?: Ref<EstimateTreeHandle>;
}

/** The longest total of the top level's rows, as shown: no amount of the estimate is wider. */
function widestTopTotal(rows: readonly EstimateRow[], formatter: RowFormatter): string {
  let widest = '';
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.depth !== 0) continue;
    const text = formatter.cells(i)?.text.total ?? '';
    if (text.length > widest.length) widest = text;
  }
  return widest;
}

function useRowLabels(): RowLabels {
  const t = useT();
  return useMemo<RowLabels>(
    () => ({
      expand: t('estimate.expand'),
      collapse: t('estimate.collapse'),
      unnamed: t('estimate.unnamed'),
      mismatch: (service, computed) => t('estimate.mismatch', { service, computed }),
      noTotal: (computed) => t('estimate.groupNoTotal', { computed }),
    }),
    [t],
  );
}

/** The tree's rows open and closed, kept (by item id) when the same estimate is loaded again. */
function useExpansion(rows: EstimateRow[]) {
  const [expansion, setExpansion] = useState<Expansion>(() => ({ rows, flags: initialExpansion(rows) }));
  let flags = expansion.flags;
  if (expansion.rows !== rows) {
    flags = carryExpansion(expansion.rows, expansion.flags, rows);
    setExpansion({ rows, flags });
  }
  const toggle = useCallback((index: number, value?: boolean) => {
    setExpansion((s) => ({ rows: s.rows, flags: setExpanded(s.flags, index, value) }));
  }, []);
  const reveal = useCallback(
    (index: number) =>
      setExpansion((s) => ({ rows: s.rows, flags: expandAncestors(s.rows, s.flags, index) })),
    [],
  );
  return {
    flags,
    toggle,
    reveal,
    expandAll: () => setExpansion({ rows, flags: expandAll(rows) }),
    collapseAll: () => setExpansion({ rows, flags: collapseAll(rows) }),
  };
}

/** The scroll box's height, followed as the window changes. */
function useViewportHeight(scrollRef: { current: HTMLElement | null }): number {
  const [viewport, setViewport] = useState(640);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  return viewport;
}

/** Scrolls a requested row into view (centred, or just into view) and focuses it, after the render that shows it. */
function useScrollRequest(
  request: ScrollRequest | null,
  visible: Int32Array,
  scrollRef: { current: HTMLElement | null },
): void {
  const handledSeq = useRef(0);
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
  }, [request, visible, scrollRef]);
}

/**
 * The items as a virtual tree grid: fixed-height rows, only the window on screen (plus overscan) in
 * the DOM, visible rows computed in one pass over the flattened rows whenever a group opens or
 * closes (never on scroll), and each row's text formatted when it first comes into view.
 */
export function EstimateTree({ rows, currency, columns, ref }: EstimateTreeProps) {
  const t = useT();
  const lang = useLang();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { flags, toggle, reveal, expandAll: openAll, collapseAll: closeAll } = useExpansion(rows);
  const visible = useMemo(() => computeVisibleRows(rows, flags), [rows, flags]);
  const formatter = useMemo(() => new RowFormatter(rows, currency, lang), [rows, currency, lang]);
  // In a narrow window the columns read least give way; the name keeps its room (see fitColumns).
  const widestAmount = useMemo(() => widestTopTotal(rows, formatter), [rows, formatter]);
  const { shown, hidden, headers } = useFittedColumns(columns, scrollRef, widestAmount);
  const { template, minWidth } = useMemo(() => gridTemplate(shown, headers), [shown, headers]);
  const sticky = useMemo(() => stickyPlaces(shown, headers), [shown, headers]);
  const labels = useRowLabels();
  const viewport = useViewportHeight(scrollRef);

  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(-1);
  const [highlight, setHighlight] = useState(-1);
  const [request, setRequest] = useState<ScrollRequest | null>(null);
  const requestSeq = useRef(0);

  // Read by the UI benchmark (bench/ui-estimate.spec.ts): these rows are now on screen.
  useEffect(() => {
    if (rows.length > 0) performance.mark('plandesk:estimate-rows');
  }, [rows]);

  /** Makes a row the current one and brings it into view (after the render that shows it). */
  const go = useCallback((index: number, mode: ScrollRequest['mode']) => {
    requestSeq.current += 1;
    setRequest({ index, mode, seq: requestSeq.current });
    setActive(index);
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
        reveal(index);
        setHighlight(index);
        go(index, 'center');
      },
    }),
    [go, reveal],
  );
  useScrollRequest(request, visible, scrollRef);

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
  const gridStyle = {
    '--tree-columns': template,
    '--tree-min-width': `${minWidth}px`,
    // A short estimate gets a short box (room for a horizontal scroll bar included).
    maxHeight: HEADER_HEIGHT + Math.max(visible.length, 3) * ROW_HEIGHT + SCROLLBAR_ROOM,
  } as CSSProperties;
  const activeCells = active >= 0 ? formatter.cells(active) : null;

  return (
    <div className="tree">
      <TreeToolbar count={rows.length} onExpandAll={openAll} onCollapseAll={closeAll} />

      <div
        ref={scrollRef}
        className="tree-scroll"
        data-testid="estimate-tree"
        role="treegrid"
        aria-label={t('estimate.treeLabel')}
        aria-rowcount={visible.length + 1}
        style={gridStyle}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={(e) =>
          onTreeKeyDown(e, {
            rows,
            visible,
            flags,
            page: Math.max(1, Math.floor((viewport - HEADER_HEIGHT) / ROW_HEIGHT) - 1),
            go: (index) => go(index, 'nearest'),
            toggle,
          })
        }
      >
        <TreeHeader columns={shown} sticky={sticky} />
        {rows.length === 0 ? (
          <div className="tree-empty">{t('estimate.noItems')}</div>
        ) : (
          <div className="tree-body" role="rowgroup" style={{ height: visible.length * ROW_HEIGHT }}>
            {positions.map((position) => {
              const index = visible[position]!;
              return (
                <TreeRow
                  key={index}
                  row={rows[index]!}
                  index={index}
                  position={position}
                  cells={formatter.cells(index)!}
                  columns={shown}
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
      <HiddenColumnsDetail
        hidden={hidden}
        name={activeCells ? activeCells.text.name || labels.unnamed : null}
        cells={activeCells}
      />
    </div>
  );
}
