import type { ErrorValue } from '../../../src-shared/errors/service-error';

/**
 * Splits a validation error's `fieldErrors` (keyed by the service's field paths, such as
 * `external_reference_id` or `address.postal_code`) into messages for the form's own fields, and
 * the rest, which the form shows at the top.
 */
export function mapFieldErrors<F extends string>(
  error: ErrorValue,
  fieldMap: Record<string, F>,
): { fields: Partial<Record<F, string>>; unmatched: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const unmatched: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
    const text = (Array.isArray(messages) ? messages : [String(messages)]).filter(Boolean).join(' ');
    const field = fieldMap[path] ?? fieldMap[path.toLowerCase()];
    if (field) {
      fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    } else if (text) {
      unmatched.push(`${path}: ${text}`);
    }
  }
  return { fields, unmatched };
}
