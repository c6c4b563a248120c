import type { KeyboardEvent } from 'react';

export interface RowKeyActions {
  /** Enter or Space on a row. */
  activate: () => void;
  /** Other keys a table gives meaning to (PageUp, Escape, …); return true when handled. */
  other?: (key: string) => boolean;
}

/**
 * Keyboard use of a table's rows (each row focusable): arrows, Home and End move the focus between
 * rows, Enter or Space activates the row. One implementation for every table in the app.
 */
export function onRowKeyDown(e: KeyboardEvent<HTMLTableRowElement>, actions: RowKeyActions): void {
  const tr = e.currentTarget;
  const go = (target: Element | null | undefined) => {
    if (target instanceof HTMLElement) {
      e.preventDefault();
      target.focus();
    }
  };
  switch (e.key) {
    case 'ArrowDown':
      go(tr.nextElementSibling);
      return;
    case 'ArrowUp':
      go(tr.previousElementSibling);
      return;
    case 'Home':
      go(tr.parentElement?.firstElementChild);
      return;
    case 'End':
      go(tr.parentElement?.lastElementChild);
      return;
    case 'Enter':
    case ' ':
      e.preventDefault();
      actions.activate();
      return;
    default:
      if (actions.other?.(e.key)) e.preventDefault();
  }
}
