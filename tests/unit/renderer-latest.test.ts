import { beforeAll, describe, expect, it } from 'vitest';
import { loadRendererModule } from '../helpers/renderer-module';

/* The slice of src-renderer/src/lib/latest.ts this test uses (loaded at run time, see loadRendererModule). */
interface LatestToken {
  readonly latest: unique symbol;
}
interface Latest {
  begin(): LatestToken;
  isCurrent(token: LatestToken): boolean;
  invalidate(): void;
}
interface LatestModule {
  latestOnly: () => Latest;
}

let latestOnly: LatestModule['latestOnly'];
beforeAll(async () => {
  ({ latestOnly } = await loadRendererModule<LatestModule>('lib/latest.ts'));
});

/** A request answered when the test says so, in whatever order the test picks. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('latestOnly', () => {
  it('keeps the answer of the only request', () => {
    const latest = latestOnly();
    const token = latest.begin();
    expect(latest.isCurrent(token)).toBe(true);
  });

  it('a newer request makes the older one stale, whichever answers first', async () => {
    const latest = latestOnly();
    const shown: string[] = [];
    const load = async (answer: Promise<string>) => {
      const token = latest.begin();
      const value = await answer;
      if (latest.isCurrent(token)) shown.push(value);
    };
    const first = deferred<string>();
    const second = deferred<string>();
    const done = Promise.all([load(first.promise), load(second.promise)]);
    second.resolve('second');
    first.resolve('first');
    await done;
    expect(shown).toEqual(['second']);
  });

  it('invalidate drops every answer still on its way; the next request counts again', () => {
    const latest = latestOnly();
    const a = latest.begin();
    latest.invalidate();
    expect(latest.isCurrent(a)).toBe(false);
    const b = latest.begin();
    expect(latest.isCurrent(b)).toBe(true);
    expect(latest.isCurrent(a)).toBe(false);
  });

  it('two series do not mix: a token is current only in the series that gave it', () => {
    const lists = latestOnly();
    const details = latestOnly();
    const listToken = lists.begin();
    const detailToken = details.begin();
    expect(lists.isCurrent(detailToken)).toBe(false);
    expect(details.isCurrent(listToken)).toBe(false);
    expect(lists.isCurrent(listToken)).toBe(true);
    expect(details.isCurrent(detailToken)).toBe(true);
  });
});
