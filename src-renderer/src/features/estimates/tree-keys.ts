import type { KeyboardEvent } from 'react';
import { hasChildren, visiblePosition, type ExpansionFlags } from './tree-rows';
import type { EstimateRow } from '../../../../src-shared/estimates/types';

export interface TreeKeyContext {
  rows: readonly EstimateRow[];
  /** Row indexes in display order. */
  visible: Int32Array;
  flags: ExpansionFlags;
  /** Rows a page (PageUp/PageDown) moves. */
  page: number;
  go: (index: number) => void;
  toggle: (index: number, value?: boolean) => void;
}

/**
 * The tree grid's keys on a row: arrows, Home/End and PageUp/PageDown move; Right opens a group (or
 * moves into it), Left closes it (or moves to the parent); Enter opens or closes.
 */
export function onTreeKeyDown(e: KeyboardEvent<HTMLDivElement>, c: TreeKeyContext): void {
  const target = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
  if (!target || e.altKey || e.ctrlKey || e.metaKey) return;
  const index = Number(target.dataset.index);
  const row = c.rows[index];
  if (!row) return;
  const pos = visiblePosition(c.visible, index);
  const goTo = (p: number) => {
    const next = c.visible[Math.max(0, Math.min(c.visible.length - 1, p))];
    if (next !== undefined) c.go(next);
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
      goTo(c.visible.length - 1);
      break;
    case 'PageDown':
      goTo(pos + c.page);
      break;
    case 'PageUp':
      goTo(pos - c.page);
      break;
    case 'ArrowRight':
      if (hasChildren(row)) {
        if (c.flags[index] !== 1) c.toggle(index, true);
        else goTo(pos + 1);
      }
      break;
    case 'ArrowLeft':
      if (hasChildren(row) && c.flags[index] === 1) c.toggle(index, false);
      else if (row.parentIndex >= 0) c.go(row.parentIndex);
      break;
    case 'Enter':
      if (hasChildren(row)) c.toggle(index);
      break;
    default:
      return;
  }
  e.preventDefault();
}
