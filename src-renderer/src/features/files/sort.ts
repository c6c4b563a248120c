import type { FileRow } from '../../../../src-shared/files/types';

function time(iso: string | null): number | null {
  if (!iso) return null;
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(iso) ? iso.replace(' ', 'T') : iso;
  const t = new Date(text).getTime();
  return Number.isNaN(t) ? null : t;
}

/** Newest first; files without a date last; equal dates by name. A sorted copy. */
export function sortFilesByDate(rows: readonly FileRow[]): FileRow[] {
  return rows
    .map((row) => ({ row, t: time(row.created) }))
    .sort((a, b) => {
      if (a.t !== b.t) {
        if (a.t === null) return 1;
        if (b.t === null) return -1;
        return b.t - a.t;
      }
      return a.row.name.localeCompare(b.row.name);
    })
    .map((entry) => entry.row);
}
