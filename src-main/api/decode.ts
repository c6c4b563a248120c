import type { z } from 'zod';
import { ServiceError } from '../errors/service-error';

/** Validates with a schema; a mismatch is an `invalid-response` naming the first bad field. */
export function decode<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : '';
  throw new ServiceError(
    'invalid-response',
    `The service's answer for ${what} was not in the expected form${path ? ` (at ${path}: ${issue?.message})` : issue ? ` (${issue.message})` : ''}.`,
  );
}

export function dataOf(json: unknown): unknown {
  if (json && typeof json === 'object' && 'data' in json) return (json as { data: unknown }).data;
  throw new ServiceError('invalid-response', 'The service sent an answer without the expected "data" field.');
}
