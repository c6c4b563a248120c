import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ComparisonRow } from '../../../../src-shared/versions/types';
import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { changeSummary, signedMoney } from './comparison-text';

/** Fixed row height (px): positions are computed, never measured. Keep in step with versions.css. */
const ROW_HEIGHT = 30;
const OVERSCAN = 10;
const INDENT_PX = 16;
const MAX_INDENT_LEVELS = 12;

/**
 * The comparison as a tree: each item with what happened to it, its net amount before and after and
 * the difference (groups: their subtotals). Only the rows in view are in the page, so 20,000 rows
 * scroll as lightly as 20. Arrow keys move the selection; the selected row's every change is shown
 * under the tree.
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
  const lang = useLang();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setHeight(el.clientHeight || 400);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setHeight(el.clientHeight));
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = Math.min(rows.length - 1, Math.max(0, (selected ?? -1) + step));
    onSelect(next);
    const el = scroller.current;
    if (el) {
      const top = next * ROW_HEIGHT;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight)
        el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    }
  };

  return (
    <div className="compare-tree" role="grid" aria-rowcount={rows.length} data-testid="compare-tree">
      <div className="compare-tree-head" role="row">
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
      <div
        ref={scroller}
        className="compare-tree-body"
        tabIndex={0}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={move}
        aria-label={t('compare.title')}
        style={{ height: Math.max(4, rows.length) * ROW_HEIGHT }}
      >
        <div style={{ height: rows.length * ROW_HEIGHT }} className="compare-tree-space">
          {rows.slice(first, last).map((row, k) => {
            const index = first + k;
            const summary = changeSummary(row, currency, lang, t);
            const money = (v: string | null) => (v === null ? '' : formatMoney(v, currency, lang));
            return (
              <div
                key={`${row.id}-${index}`}
                role="row"
                aria-rowindex={index + 1}
                aria-selected={selected === index}
                className={`compare-row is-${row.kind}${row.type === 'group' ? ' is-group' : ''}${selected === index ? ' is-selected' : ''}`}
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
                      ≈
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
          })}
        </div>
      </div>
    </div>
  );
}
