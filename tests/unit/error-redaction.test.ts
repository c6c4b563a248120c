import { describe, expect, it } from 'vitest';
import { ServiceError, toErrorValue } from '../../src-main/errors/service-error';
import { registerSecret } from '../../src-main/log/logger';

// Issue 10 (low): a key the service echoes in an error never reaches the user, whatever field it is in.

describe('toErrorValue', () => {
  it('redacts a registered key in the message, the service’s words and the field errors', () => {
    const key = 'k-redaction-test-5f0c2d9e';
    registerSecret(key);
    const value = toErrorValue(
      new ServiceError(
        'validation',
        `Rejected: ${key}`,
        400,
        { [key]: [`${key} is wrong`], name: ['ok'] },
        `bad ${key}`,
      ),
    );
    expect(JSON.stringify(value)).not.toContain(key);
    expect(value).toEqual({
      kind: 'validation',
      status: 400,
      message: 'Rejected: [redacted]',
      serviceMessage: 'bad [redacted]',
      fieldErrors: { '[redacted]': ['[redacted] is wrong'], name: ['ok'] },
    });
  });

  it('also in its URL-encoded form', () => {
    const key = 'k/with+odd chars=9a7b';
    registerSecret(key);
    const value = toErrorValue(new ServiceError('server', `GET /x?key=${encodeURIComponent(key)} failed`));
    expect(value.message).toBe('GET /x?key=[redacted] failed');
  });
});
