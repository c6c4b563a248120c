import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../src-main/api/schemas';
import { ServiceError } from '../../src-main/errors/service-error';
import { findRegistered, REGISTER_CLOCK_SLACK_MS } from '../../src-main/outbox/registered-check';
import { ContentMismatchError } from '../../src-main/files/files-service';
import { diskFullError, localFileError } from '../../src-main/local-files/write-atomically';
import { RecordsError } from '../../src-main/outbox/outbox-store';
import { ClaimLostError, outcomeOf } from '../../src-main/outbox/upload-outcome';

const at = new Date('2026-05-04T09:30:00Z');
const file = (id: string, name: string, size: number, created: string | null): ProjectFile => ({
  id,
  name,
  size,
  created,
});

describe('was a cut-off upload registered? (name, size, time)', () => {
  const sent = { fileName: 'Foto Küche.jpg', size: 1234, attemptStartedAt: at };

  it('finds the file of the same name and size registered since the attempt began', () => {
    const files = [
      file('old', 'Foto Küche.jpg', 1234, '2026-05-01T08:00:00Z'),
      file('other-size', 'Foto Küche.jpg', 999, '2026-05-04T09:30:05Z'),
      file('other-name', 'Foto Bad.jpg', 1234, '2026-05-04T09:30:05Z'),
      file('ours', 'Foto Küche.jpg', 1234, '2026-05-04T09:30:05Z'),
    ];
    expect(findRegistered(files, sent)?.id).toBe('ours');
  });

  it('allows for the service clock being behind this one, within the slack only', () => {
    const within = new Date(at.getTime() - REGISTER_CLOCK_SLACK_MS + 1000).toISOString();
    const beyond = new Date(at.getTime() - REGISTER_CLOCK_SLACK_MS - 1000).toISOString();
    expect(findRegistered([file('a', 'Foto Küche.jpg', 1234, within)], sent)?.id).toBe('a');
    expect(findRegistered([file('b', 'Foto Küche.jpg', 1234, beyond)], sent)).toBeNull();
  });

  it('an earlier file of the same name and size is not taken for this one', () => {
    expect(findRegistered([file('old', 'Foto Küche.jpg', 1234, '2026-04-01T08:00:00Z')], sent)).toBeNull();
  });

  it('without a time the service gives, name and size decide; hidden characters do not', () => {
    expect(findRegistered([file('x', 'Foto Küche.jpg\u200e', 1234, null)], sent)?.id).toBe('x');
    expect(findRegistered([], sent)).toBeNull();
  });
});

describe('what a failed attempt means', () => {
  const net = new ServiceError('network', 'Could not reach the service (UND_ERR_SOCKET).');

  it('no connection: wait; at the register step: look before sending again', () => {
    expect(outcomeOf(net, 'presign')).toEqual({ kind: 'offline' });
    expect(outcomeOf(net, 'upload')).toEqual({ kind: 'offline' });
    expect(outcomeOf(net, 'register')).toEqual({ kind: 'uncertain', network: true });
    expect(outcomeOf(new ServiceError('server', 'HTTP 502', 502), 'register')).toEqual({
      kind: 'uncertain',
      network: false,
    });
    expect(outcomeOf(new ServiceError('invalid-response', 'bad JSON', 201), 'register')).toMatchObject({
      kind: 'uncertain',
    });
  });

  it('a refusal is held with its reason; a service failure is tried again later', () => {
    expect(outcomeOf(new ServiceError('auth', 'revoked', 401), 'presign')).toMatchObject({
      kind: 'hold',
      problem: 'key-revoked',
    });
    expect(outcomeOf(new ServiceError('auth', 'link expired', 403), 'upload')).toEqual({ kind: 'expired' });
    expect(outcomeOf(new ServiceError('not-found', 'gone', 404), 'presign')).toMatchObject({
      kind: 'hold',
      problem: 'project-deleted',
    });
    expect(
      outcomeOf(
        new ServiceError(
          'validation',
          'bad',
          400,
          { file_name: ['file type "exe" is not allowed'] },
          'Validation failed',
        ),
        'presign',
      ),
    ).toEqual({ kind: 'hold', problem: 'type-refused', detail: 'Validation failed' });
    // The name refused for a character in it, not for its type: said as a refusal, with the words.
    expect(
      outcomeOf(
        new ServiceError(
          'validation',
          'bad',
          400,
          { file_name: ['must not contain control characters or slashes'] },
          'Validation failed',
        ),
        'presign',
      ),
    ).toEqual({ kind: 'hold', problem: 'refused', detail: 'Validation failed' });
    expect(
      outcomeOf(new ServiceError('validation', 'Upload not complete', 400, { upload_id: ['x'] }), 'register'),
    ).toMatchObject({
      kind: 'hold',
      problem: 'refused',
    });
    expect(outcomeOf(new ServiceError('server', 'HTTP 500', 500), 'presign')).toMatchObject({ kind: 'busy' });
    expect(outcomeOf(new ServiceError('rate-limit', '429', 429), 'upload')).toMatchObject({ kind: 'busy' });
    expect(outcomeOf(new ServiceError('cancelled', 'stop'), 'upload')).toEqual({ kind: 'cancelled' });
  });

  it('the copy itself: damaged bytes, a copy that cannot be read, a row another process took', () => {
    expect(outcomeOf(new ContentMismatchError('/x/Foto.jpg'), 'upload')).toEqual({
      kind: 'hold',
      problem: 'copy-damaged',
      detail: null,
    });
    const unreadable = localFileError(
      Object.assign(new Error('x'), { code: 'EACCES' }),
      '/x/Foto.jpg',
      'read',
    );
    expect(outcomeOf(unreadable, 'upload')).toMatchObject({ kind: 'hold', problem: 'file-missing' });
    expect(outcomeOf(new ClaimLostError(), 'register')).toEqual({ kind: 'lost' });
  });
});

describe('this computer failing is never the service refusing', () => {
  it('the records busy or unwritable at the register step: tried again later, nothing decided', () => {
    const busy = new RecordsError(
      'config',
      'PlanDesk could not update upload 3 in /data/outbox/outbox.sqlite (SQLITE_BUSY: database is locked).',
      undefined,
      undefined,
      undefined,
      '/data/outbox/outbox.sqlite',
    );
    for (const stage of ['prepare', 'presign', 'upload', 'register'] as const) {
      expect(outcomeOf(busy, stage)).toEqual({
        kind: 'local',
        diskFull: false,
        path: '/data/outbox/outbox.sqlite',
      });
    }
  });

  it('a full disk at the register step is said as such, never "file missing" nor "refused"', () => {
    expect(outcomeOf(diskFullError('/data/outbox/outbox.sqlite'), 'register')).toEqual({
      kind: 'local',
      diskFull: true,
      path: '/data/outbox/outbox.sqlite',
    });
    const full = localFileError(
      Object.assign(new Error('x'), { code: 'ENOSPC' }),
      '/data/outbox/ws',
      'write',
    );
    expect(outcomeOf(full, 'prepare')).toMatchObject({ kind: 'local', diskFull: true });
  });
});
