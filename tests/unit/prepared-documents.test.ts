import { describe, expect, it } from 'vitest';
import { keepPrepared, takePrepared } from '../../src-main/exports/prepared-documents';
import type { EstimateParts } from '../../src-main/estimates/estimate-parts';

const parts = (name: string) => ({ doc: { estimate: { name } }, rows: [] }) as unknown as EstimateParts;

describe('estimates an export read, kept for its writer in the same thread', () => {
  it('gives each estimate once, by its token; an unknown or missing token gives nothing', () => {
    const a = parts('a');
    const token = keepPrepared(a);
    expect(takePrepared('not-a-token')).toBeUndefined();
    expect(takePrepared(null)).toBeUndefined();
    expect(takePrepared(token)).toBe(a);
    expect(takePrepared(token)).toBeUndefined();
  });

  it('keeps only the newest few: the oldest go first', () => {
    const tokens = Array.from({ length: 10 }, (_, i) => keepPrepared(parts(`d${i}`)));
    expect(takePrepared(tokens[0])).toBeUndefined();
    expect(takePrepared(tokens[1])).toBeUndefined();
    expect(takePrepared(tokens[9])?.doc.estimate.name).toBe('d9');
    for (const t of tokens) takePrepared(t);
  });
});
