import { describe, expect, it } from 'vitest';
import { argSchemas } from '../../src-shared/ipc/contract';

// Issue 10, item 5: an id becomes a path segment of the service's URLs; one that would change the
// path never passes the IPC door.

const BAD = ['', '.', '..', 'a/b', '../etc', 'a\\b', 'a\u0000b', 'a\nb', 'a\u009bb'];
const GOOD = ['p-a13', '42', 'f_1.pdf', 'ü-ß', '...x', 'a..b'];

describe('ids in the IPC schemas', () => {
  it('refuses empty, dot and dot-dot ids, separators and control characters', () => {
    for (const id of BAD) {
      expect(argSchemas['projects:archive'].safeParse([id]).success, JSON.stringify(id)).toBe(false);
      expect(argSchemas['files:delete'].safeParse([{ projectId: 'p1', fileId: id }]).success).toBe(false);
      expect(argSchemas['estimates:get'].safeParse([{ projectId: id, estimateId: 'e1' }]).success).toBe(
        false,
      );
    }
  });

  it('accepts every ordinary id', () => {
    for (const id of GOOD) {
      expect(argSchemas['projects:archive'].safeParse([id]).success, id).toBe(true);
      expect(argSchemas['files:delete'].safeParse([{ projectId: 'p1', fileId: id }]).success).toBe(true);
    }
  });
});
