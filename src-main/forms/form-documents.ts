/**
 * Form documents between PlanDesk and the service or a file: what is sent on create and update
 * (everything as it was, minus the fields the service manages), summaries for lists, and the JSON
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
  exactJsonText,
  isJsonObject,
  jsonEqual,
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
  const body: JsonObject = {};
  for (const [k, v] of Object.entries(doc)) if (!MANAGED_FORM_FIELDS.includes(k)) body[k] = v;
  return body;
}

/** The top-level fields of `edited` that differ from `current`: the body of a partial update. */
export function changedFields(current: JsonObject, edited: JsonObject): JsonObject {
  const changes: JsonObject = {};
  for (const [k, v] of Object.entries(edited)) {
    if (MANAGED_FORM_FIELDS.includes(k)) continue;
    if (!Object.prototype.hasOwnProperty.call(current, k) || !jsonEqual(current[k], v)) changes[k] = v;
  }
  return changes;
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
  const fields: Record<string, string[]> = {};
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
    return { ok: false, syntaxError: (err as Error).message.slice(0, 200), problems: [] };
  }
  if (isJsonObject(value) && value.name === undefined && isJsonObject(value.data)) value = value.data;
  const problems = checkForm(value, options);
  return problems.length > 0 || !isJsonObject(value)
    ? { ok: false, syntaxError: null, problems }
    : { ok: true, document: value };
}
