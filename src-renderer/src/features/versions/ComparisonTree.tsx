import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { textWidth } from '../../lib/text-width';
import type { ComparisonRow } from '../../../../src-shared/versions/types';
import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { changeSummary, signedMoney } from './comparison-text';

/** Fixed row height (px): positions are computed, never measured. Keep in step with versions.css. */
const ROW_HEIGHT = 30;
const OVERSCAN = 10;
const INDENT_PX = 16;
const MAX_INDENT_LEVELS = 12;

/** A money column's least width (px). */
const MONEY_COLUMN = 112;
const CELL_PADDING = 18;

/**
 * The money columns' width: their headers' words and the widest amount of the top level (no item's
 * figure is wider than its group's), measured, so a twelve-digit amount or a long header is never cut.
 */
function useMoneyWidth(rows: readonly ComparisonRow[], currency: string): number {
  const t = useT();
  const lang = useLang();
  return useMemo(() => {
    let widest = MONEY_COLUMN;
    for (const key of ['before', 'after', 'difference'] as const) {
      widest = Math.max(widest, textWidth(t(`compare.column.${key}`), 600, 12) + CELL_PADDING);
    }
    for (const row of rows) {
      if (row.depth !== 0) continue;
      for (const v of [row.net.from, row.net.to]) {
        if (v !== null)
          widest = Math.max(widest, textWidth(formatMoney(v, currency, lang), 600, 12, true) + CELL_PADDING);
      }
      const delta = signedMoney(row.net.delta, currency, lang);
      widest = Math.max(widest, textWidth(delta, 600, 12, true) + CELL_PADDING);
    }
    return Math.ceil(widest);
  }, [rows, currency, lang, t]);
}

/** One item of the comparison: what happened to it, net before and after, the difference. */
function ComparisonRowView({
  row,
  index,
  currency,
  selected,
  tabbable,
  onSelect,
}: {
  row: ComparisonRow;
  index: number;
  currency: string;
  selected: boolean;
  tabbable: boolean;
  onSelect: (index: number) => void;
}) {
  const t = useT();
  const lang = useLang();
  const summary = changeSummary(row, currency, lang, t);
  const money = (v: string | null) => (v === null ? '' : formatMoney(v, currency, lang));
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-level={row.depth + 1}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      className={`compare-row is-${row.kind}${row.type === 'group' ? ' is-group' : ''}${selected ? ' is-selected' : ''}`}
      style={{ top: index * ROW_HEIGHT }}
      onClick={() => onSelect(index)}
      data-testid={`compare-row-${row.id}`}
      data-kind={row.kind}
    >
      <span
        role="gridcell"
        className="compare-item"
        style={{ paddingLeft: 8 + Math.min(row.depth, MAX_INDENT_LEVELS) * INDENT_PX }}
        title={[row.code, row.name].filter(Boolean).join(' ')}
      >
        {row.code && <span className="compare-code mono">{row.code}</span>}
        <span className="compare-name">{row.name}</span>
      </span>
      <span role="gridcell" className="compare-change" title={summary}>
        {row.kind !== 'unchanged' && (
          <span className={`compare-kind is-${row.kind}`}>{t(`compare.kind.${row.kind}`)}</span>
        )}
        {row.matchedBy === 'code-name' && (
          <span className="compare-matched" title={t('compare.matchedByCodeName')}>
            <span aria-hidden="true">≈</span>
            <span className="sr-only">{t('compare.matchedByCodeName')}</span>
          </span>
        )}
        <span className="compare-summary">{summary}</span>
      </span>
      <span role="gridcell" className="num mono">
        {money(row.net.from)}
      </span>
      <span role="gridcell" className="num mono">
        {money(row.net.to)}
      </span>
      <span
        role="gridcell"
        className={`num mono compare-delta${row.net.delta.startsWith('-') ? ' is-down' : ''}`}
      >
        {signedMoney(row.net.delta, currency, lang)}
      </span>
    </div>
  );
}

/**
 * The comparison as a tree grid (role treegrid: a header row, then the items' rows with their level):
 * each item with what happened to it, its net amount before and after and the difference (groups:
 * their subtotals). Only the rows in view are in the page, so 20,000 rows scroll as lightly as 20.
 * The selected row holds the focus (one tab stop); arrow keys, Home and End move it, and its every
 * change is shown under the tree.
 */
export function ComparisonTree({
  rows,
  currency,
  selected,
  onSelect,
}: {
  rows: readonly ComparisonRow[];
  currency: string;
  selected: number | null;
  onSelect: (index: number) => void;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const moved = useRef(false);
  const moneyWidth = useMoneyWidth(rows, currency);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setHeight(el.clientHeight || 400);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setHeight(el.clientHeight));
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  // A row chosen by the keyboard takes the focus once it is in the page.
  useLayoutEffect(() => {
    if (!moved.current || selected === null) return;
    moved.current = false;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-index="${selected}"]`)
      ?.focus({ preventScroll: true });
  }, [selected]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const current = selected ?? 0;
  const shown: number[] = [];
  // The focused row stays in the page even when scrolled away, so the focus is never lost.
  if (rows.length > 0 && (current < first || current >= last)) shown.push(current);
  for (let i = first; i < last; i++) shown.push(i);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const at = selected ?? -1;
    const next =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? rows.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const index = Math.min(rows.length - 1, Math.max(0, next));
    moved.current = true;
    onSelect(index);
    const el = scroller.current;
    if (el) {
      const top = index * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight)
        el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    }
  };

  return (
    <div
      className="compare-tree"
      role="treegrid"
      aria-label={t('compare.title')}
      aria-rowcount={rows.length + 1}
      onKeyDown={move}
      style={{ '--compare-money': `${moneyWidth}px` } as CSSProperties}
      data-testid="compare-tree"
    >
      <div role="rowgroup">
        <div className="compare-tree-head" role="row" aria-rowindex={1}>
          <span role="columnheader">{t('compare.column.item')}</span>
          <span role="columnheader">{t('compare.column.change')}</span>
          <span role="columnheader" className="num">
            {t('compare.column.before')}
          </span>
          <span role="columnheader" className="num">
            {t('compare.column.after')}
          </span>
          <span role="columnheader" className="num">
            {t('compare.column.difference')}
          </span>
        </div>
      </div>
      <div
        ref={scroller}
        className="compare-tree-body"
        role="presentation"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        style={{ height: Math.max(4, rows.length) * ROW_HEIGHT }}
      >
        <div role="rowgroup" style={{ height: rows.length * ROW_HEIGHT }} className="compare-tree-space">
          {shown.map((index) => (
            <ComparisonRowView
              key={`${rows[index]!.id}-${index}`}
              row={rows[index]!}
              index={index}
              currency={currency}
              selected={selected === index}
              tabbable={index === current}
              onSelect={onSelect}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
