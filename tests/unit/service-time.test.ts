import { describe, expect, it } from 'vitest';
import { sameServiceMoment, serviceMoment } from '../../src-shared/time/service-time';
import { latestEstimate } from '../../src-main/plans/rooms-costs-service';
import type { EstimateListItem } from '../../src-main/api/schemas';

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
