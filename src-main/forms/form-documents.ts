/**
 * Form documents between PlanDesk and the service or a file: what is sent on create and update
 * (the whole form as it was, minus the fields the service manages), summaries for lists, and the JSON
 * file format (exactly what `plandesk form ID --json` prints, which `form-update` takes back).
 */
import { readFile, stat } from 'node:fs/promises';
import { checkForm, type CheckOptions, type FormProblem } from '../../src-shared/forms/check';
import {
  countElements,
  formContexts,
  formId,
  formName,
  FORM_TARGETS,
  MANAGED_FORM_FIELDS,
} from '../../src-shared/forms/tree';
import type { FormCapabilities, FormSummary } from '../../src-shared/forms/types';
import {
  dataObject,
  exactJsonText,
  InternalMarkerError,
  isJsonObject,
  parseExactJson,
  type JsonObject,
} from '../../src-shared/json/exact-json';
import { ServiceError } from '../errors/service-error';
import { localFileError } from '../local-files/write-atomically';

export function summarize(doc: JsonObject): FormSummary {
  const counts = countElements(doc);
  return {
    id: formId(doc) ?? '',
    name: formName(doc),
    contexts: formContexts(doc),
    questions: counts.questions,
    sections: counts.sections,
    modified: typeof doc.modified === 'string' ? doc.modified : null,
    published: typeof doc.published === 'boolean' ? doc.published : null,
  };
}

/** The document without the fields the service manages: the body of a create. */
export function withoutManagedFields(doc: JsonObject): JsonObject {
  return dataObject(Object.entries(doc).filter(([k]) => !MANAGED_FORM_FIELDS.includes(k)));
}

/**
 * The body of an update: the whole form — the service's document as read (`current`: name, context,
 * children and every field PlanDesk does not know) with the user's `changes` in place, minus what
 * the service manages. The spec does not say whether PUT replaces a form or merges into it; the
 * whole form is right under both readings, where changed fields alone would, if PUT replaces, delete
 * everything else (renaming a form would drop its sections and questions).
 */
export function wholeForm(current: JsonObject, changes: JsonObject): JsonObject {
  return withoutManagedFields(dataObject([...Object.entries(current), ...Object.entries(changes)]));
}

/** The context values this workspace accepts: its context options when offered, else the four. */
export function allowedContexts(capabilities: FormCapabilities | null): readonly string[] {
  return capabilities?.contextOptions?.map((o) => o.value) ?? FORM_TARGETS;
}

/** Refuses (as a validation error with field paths) what the service should never be sent. */
export function requireValid(value: unknown, options: CheckOptions): asserts value is JsonObject {
  const problems = checkForm(value, options);
  if (problems.length > 0) throw problemsError(problems);
}

export function problemsError(problems: FormProblem[]): ServiceError {
  // Without a prototype: a problem's place may be a field named `__proto__`.
  const fields = dataObject<string[]>([]);
  for (const p of problems) (fields[p.path || 'form'] ??= []).push(PROBLEM_TEXT[p.code]);
  const first = problems[0]!;
  return new ServiceError(
    'validation',
    `The form cannot be sent: ${first.path || 'the file'} ${PROBLEM_TEXT[first.code]}.`,
    undefined,
    fields,
  );
}

/** English, as the service's own field messages are; the UI shows its translations of the codes. */
export const PROBLEM_TEXT: Record<FormProblem['code'], string> = {
  'not-a-form': 'is not a form (a JSON object with name, context and children)',
  required: 'is required',
  empty: 'must not be empty',
  'not-text': 'must be text',
  'not-a-list': 'must be a list',
  'not-an-object': 'must be an object',
  'unknown-context': 'is not a context this workspace offers',
  'too-deep': 'is nested too deeply',
  'reserved-name':
    'is a field name PlanDesk keeps but cannot send (a service written in JavaScript would take it for something else)',
  'internal-marker': 'is shaped like PlanDesk’s internal number marker',
};

/** The file format: the document, exactly, indented, with a final newline. */
export function formFileText(doc: JsonObject): string {
  return `${exactJsonText(doc, 2)}\n`;
}

const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type ReadFormFile =
  { ok: true; document: JsonObject } | { ok: false; syntaxError: string | null; problems: FormProblem[] };

/**
 * Reads a form file: the document as `form --json` prints it, or a service answer `{"data": form}`.
 * Checks it; nothing is sent from here.
 */
export async function readFormFile(path: string, options: CheckOptions): Promise<ReadFormFile> {
  let text: string;
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) {
      throw new ServiceError('validation', `"${path}" is larger than a form file can be (10 MB).`);
    }
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    throw localFileError(err, path, 'read');
  }
  let value: unknown;
  try {
    value = parseExactJson(text.replace(/^\ufeff/, ''));
  } catch (err) {
    if (err instanceof InternalMarkerError) {
      return { ok: false, syntaxError: null, problems: [{ path: '', code: 'internal-marker' }] };
    }
    return { ok: false, syntaxError: (err as Error).message.slice(0, 200), problems: [] };
  }
  if (isJsonObject(value) && value.name === undefined && isJsonObject(value.data)) value = value.data;
  const problems = checkForm(value, options);
  return problems.length > 0 || !isJsonObject(value)
    ? { ok: false, syntaxError: null, problems }
    : { ok: true, document: value };
}
