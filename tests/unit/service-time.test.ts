/**
 * One reading of the service's timestamps (src-shared/time/service-time.ts) for main, the CLI and the
 * renderer: the detail's zone-less `YYYY-MM-DD HH:MM:SS` is UTC, the same moment as the list's ISO
 * 8601, whatever zone the computer is in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sameServiceMoment,
  serviceDateAsWritten,
  serviceMoment,
  serviceTime,
} from '../../src-shared/time/service-time';
import type { FileRow } from '../../src-shared/files/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { EstimateListItem } from '../../src-main/api/schemas';
import { latestEstimate } from '../../src-main/plans/rooms-costs-service';
import { loadRendererModule } from '../helpers/renderer-module';

let formatDateTime: (iso: string | null, lang: UiLanguage, options?: { timeZone?: string }) => string;
let sortFilesByDate: (rows: readonly FileRow[]) => FileRow[];
beforeAll(async () => {
  ({ formatDateTime } = await loadRendererModule<{ formatDateTime: typeof formatDateTime }>(
    'i18n/format.ts',
  ));
  ({ sortFilesByDate } = await loadRendererModule<{ sortFilesByDate: typeof sortFilesByDate }>(
    'features/files/sort.ts',
  ));
});

const DETAIL = '2025-11-21 10:05:00';
const LIST = '2025-11-21T10:05:00+00:00';
const BERLIN = '2025-11-21T11:05:00+01:00';

describe('service timestamps', () => {
  it('reads the detail form, ISO 8601 with an offset and a zone-less ISO time as the same moment', () => {
    const utc = Date.UTC(2025, 10, 21, 10, 5, 0);
    expect(serviceMoment(DETAIL)).toBe(utc);
    expect(serviceMoment(LIST)).toBe(utc);
    expect(serviceMoment(BERLIN)).toBe(utc);
    expect(serviceMoment('2025-11-21T10:05')).toBe(utc);
    expect(serviceMoment('2025-11-21 10:05:00.250')).toBe(utc + 250);
    expect(serviceMoment('2025-11-21')).toBe(Date.UTC(2025, 10, 21));
    expect(serviceTime(DETAIL)?.toISOString()).toBe('2025-11-21T10:05:00.000Z');
    expect(sameServiceMoment(DETAIL, BERLIN)).toBe(true);
    expect(sameServiceMoment(DETAIL, '2025-11-21 10:05:01')).toBe(false);
  });

  it('gives null for nothing and for text that is no time', () => {
    for (const text of [null, undefined, '', '  ', 'soon', '2025-13-45 99:99:99']) {
      expect(serviceMoment(text)).toBeNull();
      expect(serviceTime(text)).toBeNull();
    }
    expect(sameServiceMoment('soon', 'later')).toBe(false);
  });

  it('keeps the calendar date as written for documents, and refuses a date that does not exist', () => {
    expect(serviceDateAsWritten('2025-11-03T23:30:00+05:00')?.toISOString()).toBe('2025-11-03T00:00:00.000Z');
    expect(serviceDateAsWritten(DETAIL)?.toISOString()).toBe('2025-11-21T00:00:00.000Z');
    expect(serviceDateAsWritten('2025-02-30 00:00:00')).toBeNull();
    expect(serviceDateAsWritten(null)).toBeNull();
  });

  it('shows the detail form and the list form of one moment alike on screen, in any zone', () => {
    for (const timeZone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      const shown = formatDateTime(DETAIL, 'de-DE', { timeZone });
      expect(shown).toBe(formatDateTime(LIST, 'de-DE', { timeZone }));
      expect(shown).toBe(formatDateTime(BERLIN, 'de-DE', { timeZone }));
    }
    expect(formatDateTime(DETAIL, 'de-DE', { timeZone: 'Europe/Berlin' })).toBe('21.11.2025, 11:05');
  });

  it('sorts files by the moment, whichever form their dates are in', () => {
    const row = (id: string, created: string | null) => ({ id, name: id, created }) as FileRow;
    const sorted = sortFilesByDate([
      row('detail-earlier', '2025-11-21 10:04:00'),
      row('berlin-later', '2025-11-21T11:06:00+01:00'),
      row('none', null),
    ]);
    expect(sorted.map((r) => r.id)).toEqual(['berlin-later', 'detail-earlier', 'none']);
  });
});

// The service writes a moment as ISO 8601 in lists and as `YYYY-MM-DD HH:MM:SS` (UTC) in details:
// one reading of both orders estimates and compares what was kept with what is sent.

describe('the service’s moments, however written', () => {
  it('reads both forms as the same instant', () => {
    expect(serviceMoment('2026-05-02 10:00:00')).toBe(Date.UTC(2026, 4, 2, 10, 0, 0));
    expect(serviceMoment('2026-05-02T12:00:00+02:00')).toBe(Date.UTC(2026, 4, 2, 10, 0, 0));
    expect(sameServiceMoment('2026-05-02 10:00:00', '2026-05-02T12:00:00+02:00')).toBe(true);
    expect(sameServiceMoment('2026-05-02 10:00:01', '2026-05-02T12:00:00+02:00')).toBe(false);
  });

  it('nothing or no moment at all is null, and never the same as anything but itself', () => {
    expect(serviceMoment(null)).toBeNull();
    expect(serviceMoment('')).toBeNull();
    expect(serviceMoment('yesterday')).toBeNull();
    expect(sameServiceMoment('yesterday', 'yesterday')).toBe(true);
    expect(sameServiceMoment('yesterday', 'today')).toBe(false);
  });

  it('the estimate shown on a plan by default is the one changed last, then made last', () => {
    const e = (id: string, modified: string | null, created: string | null) =>
      ({ id, name: id, modified, created }) as EstimateListItem;
    const list = [
      e('a', '2026-05-02T10:00:00+00:00', '2026-01-01T00:00:00+00:00'),
      e('b', '2026-05-02 10:30:00', '2026-01-01T00:00:00+00:00'),
      e('c', null, '2027-01-01T00:00:00+00:00'),
      e('d', '2026-05-02T12:30:00+02:00', '2026-02-01T00:00:00+00:00'),
    ];
    // b and d are the same moment (10:30 UTC); d was made later.
    expect(latestEstimate(list)?.id).toBe('d');
    expect(latestEstimate([])).toBeNull();
    expect(latestEstimate([e('x', 'no date', null), e('y', null, null)])?.id).toBe('x');
  });
});
