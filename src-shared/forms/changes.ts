/**
 * What an edit changed at a form's top level, against the document the service sent: the app's
 * editor and the CLI's `form-update` both send the whole form with these fields in place
 * (src-main/forms/form-documents.ts `wholeForm`). The fields the service manages never count.
 */
import { dataObject, jsonEqual, type JsonObject } from '../json/exact-json';
import { MANAGED_FORM_FIELDS } from './tree';

/**
 * The top-level fields of `edited` that differ from `current` or are new, each whole. Built
 * without a prototype: `__proto__` is a field like any other.
 */
export function changedTopFields(current: JsonObject, edited: JsonObject): JsonObject {
  return dataObject(
    Object.entries(edited).filter(
      ([k, v]) =>
        !MANAGED_FORM_FIELDS.includes(k) && (!Object.hasOwn(current, k) || !jsonEqual(current[k], v)),
    ),
  );
}

/**
 * The top-level fields `current` has and `edited` has not. An update cannot remove them: whether the
 * service keeps or drops a field an update leaves out is not specified, so a sender must refuse
 * rather than let the removal silently do nothing (or everything).
 */
export function missingTopFields(current: JsonObject, edited: JsonObject): string[] {
  return Object.keys(current).filter((k) => !MANAGED_FORM_FIELDS.includes(k) && !Object.hasOwn(edited, k));
}
