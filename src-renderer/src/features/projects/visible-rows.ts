import { useEffect, type RefObject } from 'react';

/**
 * Which rows of the projects list are on screen now, so their facts are fetched first. Kept outside
 * React's state: it orders requests, nothing renders from it.
 */
const onScreen = new Set<string>();

/** The ids with those on screen first, each group in its own order. */
export function visibleFirst(ids: readonly string[]): string[] {
  return [...ids.filter((id) => onScreen.has(id)), ...ids.filter((id) => !onScreen.has(id))];
}

/**
 * Watches the rows (`[data-row-id]`) under `root` coming into view and leaving it (a row clipped by
 * the list's own scrolling counts as off screen). `rowsKey` changes when other rows are shown.
 */
export function useVisibleRows(root: RefObject<HTMLElement | null>, rowsKey: string): void {
  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    onScreen.clear();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.rowId;
        if (!id) continue;
        if (entry.isIntersecting) onScreen.add(id);
        else onScreen.delete(id);
      }
    });
    for (const row of el.querySelectorAll<HTMLElement>('[data-row-id]')) observer.observe(row);
    return () => observer.disconnect();
  }, [root, rowsKey]);
}
