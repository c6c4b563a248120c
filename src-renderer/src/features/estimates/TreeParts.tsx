import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { Button } from '../../components/Button';
import { useT, useTPlural } from '../../i18n/store';
import type { RowCells } from './cells';
import { ColumnChooser } from './ColumnChooser';
import { columnLabel, displayKind, fitColumns, type ContentWidths, type TreeColumnKey } from './columns';
import { stuck, type StickyMap } from './TreeRow';
import { textWidth } from '../../lib/text-width';

/** A cell's padding and a pixel of room, beside its text's own width. */
const CELL_PADDING = 22;

/**
 * What each column's content needs (measured in the page's fonts): its header's label, and for money
 * its widest amount (`widestAmount`, bold in the total column, where groups are bold), so neither a
 * header nor a twelve-digit total is cut.
 */
function useContentWidths(columns: readonly TreeColumnKey[], widestAmount: string): ContentWidths {
  const t = useT();
  return useMemo(() => {
    const widths: ContentWidths = {};
    for (const key of columns) {
      let width = textWidth(t(columnLabel(key)), 600, 12) + CELL_PADDING;
      if (displayKind(key) === 'money' && widestAmount) {
        width = Math.max(width, textWidth(widestAmount, key === 'total' ? 600 : 400, 13) + CELL_PADDING);
      }
      widths[key] = width;
    }
    return widths;
  }, [columns, t, widestAmount]);
}

/**
 * The chosen columns that fit the tree's width (the others give way: see fitColumns), and the content
 * widths they were fitted with.
 */
export function useFittedColumns(
  columns: readonly TreeColumnKey[],
  scrollRef: RefObject<HTMLElement | null>,
  widestAmount: string,
): { shown: TreeColumnKey[]; hidden: TreeColumnKey[]; headers: ContentWidths } {
  const headers = useContentWidths(columns, widestAmount);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  const fit = useMemo(() => fitColumns(columns, width, headers), [columns, width, headers]);
  return { ...fit, headers };
}

export function TreeToolbar({
  count,
  onExpandAll,
  onCollapseAll,
}: {
  count: number;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}) {
  const t = useT();
  const tp = useTPlural();
  return (
    <div className="tree-toolbar">
      <h2 className="tree-title">{t('estimate.items')}</h2>
      <span className="tree-count">{tp('estimate.itemCount', count)}</span>
      <span className="tree-toolbar-spacer" />
      <Button size="sm" onClick={onExpandAll} disabled={count === 0} data-testid="expand-all">
        {t('estimate.expandAll')}
      </Button>
      <Button size="sm" onClick={onCollapseAll} disabled={count === 0} data-testid="collapse-all">
        {t('estimate.collapseAll')}
      </Button>
      <ColumnChooser />
    </div>
  );
}

export function TreeHeader({ columns, sticky }: { columns: readonly TreeColumnKey[]; sticky: StickyMap }) {
  const t = useT();
  return (
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
  );
}

/**
 * The row's detail for the columns that gave way in a narrow window: which they are, and their values
 * for the current item, so nothing chosen is out of reach.
 */
export function HiddenColumnsDetail({
  hidden,
  name,
  cells,
}: {
  hidden: readonly TreeColumnKey[];
  name: string | null;
  cells: RowCells | null;
}) {
  const t = useT();
  if (hidden.length === 0) return null;
  const labels = hidden.map((key) => t(columnLabel(key)));
  return (
    <div className="tree-row-detail" data-testid="tree-row-detail" aria-live="polite">
      {cells && name ? (
        <>
          <span className="tree-row-detail-name">{name}</span>
          <dl className="tree-row-detail-values">
            {hidden.map((key, i) => (
              <div key={key}>
                <dt>{labels[i]}</dt>
                <dd>{cells.text[key] || '—'}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <span className="tree-row-detail-hint">
          {t('estimate.hiddenColumns', { columns: labels.join(', ') })}
        </span>
      )}
    </div>
  );
}
