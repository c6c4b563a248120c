import { describe, expect, it } from 'vitest';
import { toErrorValue, ServiceError } from '../../src-main/errors/service-error';
import { errorForStatus, parseErrorBody } from '../../src-main/api/http-errors';

describe('parseErrorBody', () => {
  it('reads the spec-style body with field details', () => {
    const b = parseErrorBody(
      '{"status":400,"message":"Validation failed","details":{"fields":{"name":["is required"]}}}',
    );
    expect(b).toEqual({ message: 'Validation failed', fieldErrors: { name: ['is required'] } });
  });

  it('reads the live {message, data} shapes', () => {
    expect(parseErrorBody('{"message":"Not allowed","data":""}').message).toBe('Not allowed');
    const b = parseErrorBody('{"message":"Invalid","data":{"errors":{"email":["unknown user"]}}}');
    expect(b.fieldErrors).toEqual({ email: ['unknown user'] });
    expect(parseErrorBody('{"data":"Plan not found"}').message).toBe('Plan not found');
  });

  it('falls back to errors, error, then bare text', () => {
    expect(parseErrorBody('{"errors":{"name":"too long"}}')).toEqual({
      message: 'name: too long',
      fieldErrors: { name: ['too long'] },
    });
    expect(parseErrorBody('{"error":"boom"}').message).toBe('boom');
    expect(parseErrorBody('<html><body>Bad Gateway</body></html>').message).toBe('Bad Gateway');
    expect(parseErrorBody('')).toEqual({});
  });
});

describe('errorForStatus', () => {
  it('maps statuses to kinds', () => {
    expect(errorForStatus(401, {}).kind).toBe('auth');
    expect(errorForStatus(404, {}).kind).toBe('not-found');
    expect(errorForStatus(400, { message: 'name is required' }).message).toBe('name is required');
    expect(errorForStatus(429, {}).kind).toBe('rate-limit');
    expect(errorForStatus(503, { message: 'Traceback (most recent call last)' }).message).not.toContain(
      'Traceback',
    );
  });

  it('turns unknown errors into a generic message without internals', () => {
    const v = toErrorValue(new TypeError('Cannot read properties of undefined at foo.ts:12'));
    expect(v.kind).toBe('server');
    expect(v.message).not.toContain('foo.ts');
    expect(toErrorValue(new ServiceError('network', 'offline')).message).toBe('offline');
  });
});
