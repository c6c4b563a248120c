import type { ReactNode } from 'react';
import './Table.css';

export type SortState = 'ascending' | 'descending' | 'none';

/** A scrolling table area with a sticky header. */
export function Table({
  children,
  label,
  testId,
  busy,
  className,
}: {
  children: ReactNode;
  label: string;
  testId?: string;
  busy?: boolean;
  /** Classes for the table element (beside `table`). */
  className?: string;
}) {
  return (
    <div className={`table-scroll${busy ? ' table-busy' : ''}`}>
      <table
        className={`table${className ? ` ${className}` : ''}`}
        aria-label={label}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        {children}
      </table>
    </div>
  );
}

/** A column header that sorts when clicked; aria-sort tells assistive technology the state. */
export function SortHeader({
  label,
  state,
  onSort,
  title,
  testId,
  className,
  wrap,
}: {
  label: string;
  state: SortState;
  onSort: () => void;
  title: string;
  testId?: string;
  className?: string;
  /** The label may take two lines (a table of many figure columns in a narrow window). */
  wrap?: boolean;
}) {
  return (
    <th
      scope="col"
      aria-sort={state}
      className={`${className ?? ''}${wrap ? ' th-wrap' : ''}`.trim() || undefined}
    >
      <button
        type="button"
        className={wrap ? 'th-sort th-sort-wrap' : 'th-sort'}
        onClick={onSort}
        title={title}
        data-testid={testId}
      >
        <span>{label}</span>
        <span className={`th-arrow th-arrow-${state}`} aria-hidden="true" />
      </button>
    </th>
  );
}
