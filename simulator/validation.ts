/**
 * Collecting field errors so one 400 names every bad field at once.
 */
import { badRequest, isPlainObject, type FieldErrors } from './http-util';

export class FieldCollector {
  readonly errors: FieldErrors = {};

  add(path: string, message: string): void {
    (this.errors[path] ??= []).push(message);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(message = 'Validation failed'): void {
    if (!this.empty) throw badRequest(message, this.errors);
  }

  /** A required string that is not blank; returns it trimmed of nothing (stored as given). */
  requiredString(body: Record<string, unknown>, key: string, path = key): string | undefined {
    const v = body[key];
    if (v === undefined || v === null) return void this.add(path, 'is required');
    if (typeof v !== 'string') return void this.add(path, 'must be a string');
    if (v.trim() === '') return void this.add(path, 'must not be empty');
    return v;
  }

  /** An optional string; null counts as absent. */
  optionalString(body: Record<string, unknown>, key: string, path = key): string | undefined {
    const v = body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') return void this.add(path, 'must be a string');
    return v;
  }
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) throw badRequest('Request body is required');
  if (!isPlainObject(body)) throw badRequest('Request body must be a JSON object');
  return body;
}
