import type { FileRow } from '../../../../src-shared/files/types';
import { serviceMoment } from '../../../../src-shared/time/service-time';

/** Newest first; files without a date last; equal dates by name. A sorted copy. */
export function sortFilesByDate(rows: readonly FileRow[]): FileRow[] {
  return rows
    .map((row) => ({ row, t: serviceMoment(row.created) }))
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
