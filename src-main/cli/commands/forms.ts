/**
 * `forms`, `form`, `form-create`, `form-update`, `form-delete`: the workspace's forms. JSON output is
 * the documents exactly as the service sent them, and `form ID --json` prints the file format that
 * `form-create` and `form-update` read, so a form can be edited in a file and sent back.
 */
import type { ApiClient } from '../../api/client';
import {
  allowedContexts,
  formFileText,
  PROBLEM_TEXT,
  readFormFile,
  requireValid,
  summarize,
  wholeForm,
  withoutManagedFields,
} from '../../forms/form-documents';
import { ServiceError } from '../../errors/service-error';
import type { CheckOptions } from '../../../src-shared/forms/check';
import { changedTopFields, missingTopFields } from '../../../src-shared/forms/changes';
import { childrenOf, elementInfo, formId, formName } from '../../../src-shared/forms/tree';
import { exactJsonText, type JsonObject, type JsonValue } from '../../../src-shared/json/exact-json';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { requirePositional, type CliFlags } from '../args';
import { renderTable } from '../table';
import { keyValues } from './projects';
import { EN, type CliText } from '../i18n';

/** `forms [--json]` — every form of the workspace. */
export async function formsCommand(client: ApiClient, flags: CliFlags, text: CliText = EN): Promise<string> {
  const { t } = text;
  const forms = await client.listForms();
  if (flags.json) return exactJsonText({ data: forms, count: forms.length });
  const rows = forms.map(summarize);
  const table = renderTable(
    [t('cli.id'), t('cli.name'), t('cli.contexts'), t('cli.questions'), t('detail.modified')],
    rows.map((f) => [f.id, f.name, f.contexts.join(', '), f.questions, f.modified?.slice(0, 10)]),
  );
  return `${table}\n${text.tp('cli.forms', rows.length)}`;
}

/** `form ID [--json]` — one form: its facts and its tree of sections and questions. */
export async function formCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const doc = await client.getForm(requirePositional(positionals, 0, 'FORM_ID'));
  if (flags.json) return formFileText(doc).trimEnd();
  const { t } = text;
  const s = summarize(doc);
  const facts = keyValues([
    [t('cli.id'), s.id],
    [t('cli.name'), s.name],
    [t('cli.contexts'), s.contexts.join(', ')],
    [t('cli.questions'), s.questions],
    [t('cli.sections'), s.sections],
    [t('detail.modified'), s.modified],
  ]);
  const tree = treeLines(doc, t);
  return tree.length > 0 ? `${facts}\n\n${tree.join('\n')}` : facts;
}

/** The elements, indented by depth, without recursion. */
function treeLines(doc: JsonObject, t: Translate): string[] {
  const lines: string[] = [];
  const stack: [JsonValue, number][] = (childrenOf(doc) ?? [])
    .map((el) => [el, 0] as [JsonValue, number])
    .reverse();
  while (stack.length > 0) {
    const [el, depth] = stack.pop()!;
    const info = elementInfo(el);
    const pad = '  '.repeat(depth);
    const label = info.label ?? '';
    if (info.kind === 'section') lines.push(`${pad}▸ ${label}`);
    else if (info.kind === 'question') {
      const choices = info.options?.length ? `: ${info.options.join(', ')}` : '';
      const input = info.input ? ` (${info.input}${choices})` : '';
      lines.push(`${pad}• ${label}${input}${info.required ? ` — ${t('cli.requiredMark')}` : ''}`);
    } else
      lines.push(`${pad}◦ ${label || JSON.stringify(el).slice(0, 60)}${info.type ? ` [${info.type}]` : ''}`);
    const children = childrenOf(el);
    if (children)
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as JsonValue, depth + 1]);
  }
  return lines;
}

/** The form in the file, checked; a file that fails the checks is refused before anything is sent. */
async function checkedFile(file: string, options: CheckOptions): Promise<JsonObject> {
  const read = await readFormFile(file, options);
  if (read.ok) return read.document;
  if (read.syntaxError)
    throw new ServiceError('validation', `"${file}" is not valid JSON: ${read.syntaxError}`);
  const list = read.problems.map((p) => `${p.path || 'the file'} ${PROBLEM_TEXT[p.code]}`).join('; ');
  throw new ServiceError(
    'validation',
    `"${file}" is not a form PlanDesk can send (nothing was sent): ${list}.`,
  );
}

/** `form-create FILE.json [--json]` — a new form from a file; checked before anything is sent. */
export async function formCreateCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const file = requirePositional(positionals, 0, 'FILE.json');
  const options = await client.getFormContextOptions();
  const document = await checkedFile(file, {
    contexts: allowedContexts(options ? { contextOptions: options, publishing: false } : null),
  });
  const created = await client.createForm(withoutManagedFields(document));
  if (flags.json) return formFileText(created).trimEnd();
  return text.t('cli.formCreated', { name: formName(created), id: formId(created) ?? '' });
}

/**
 * `form-update ID FILE.json [--json]` — takes exactly what `form ID --json` prints (edited or not);
 * when a top-level field differs from the form as the service has it now, sends the whole form with
 * those fields in place (form-documents.ts `wholeForm`). A file that lacks a field the form has is
 * refused: the update would send that field as it is, so its removal would silently do nothing.
 */
export async function formUpdateCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const id = requirePositional(positionals, 0, 'FORM_ID');
  const file = requirePositional(positionals, 1, 'FILE.json');
  // The service judges context values: a form may already carry ones this check would not know.
  const document = await checkedFile(file, {});
  const fileId = formId(document);
  if (fileId !== null && fileId !== id) {
    throw new ServiceError('config', `"${file}" is form ${fileId}, not ${id}. Nothing was sent.`);
  }
  const current = await client.getForm(id);
  // A field taken out of the file cannot be removed by an update (it would be sent as it is now).
  const missing = missingTopFields(current, document);
  if (missing.length > 0) {
    throw new ServiceError(
      'config',
      text.t('cli.formFieldsMissing', { file, fields: missing.join(', '), id }),
    );
  }
  const changes = changedTopFields(current, document);
  const names = Object.keys(changes);
  if (names.length === 0) {
    return flags.json
      ? formFileText(current).trimEnd()
      : text.t('cli.formUnchanged', { name: formName(current) });
  }
  // The whole form, with the changed fields in place: right whether PUT replaces or merges.
  const body = wholeForm(current, changes);
  requireValid(body, {});
  const updated = await client.updateForm(id, body);
  if (flags.json) return formFileText(updated).trimEnd();
  return text.t('cli.formUpdated', { name: formName(updated), fields: names.join(', ') });
}

/** `form-delete ID --yes [--json]` — permanent; refuses without --yes. */
export async function formDeleteCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const id = requirePositional(positionals, 0, 'FORM_ID');
  if (!flags.yes) {
    throw new ServiceError(
      'config',
      `Deleting form ${id} is permanent, and its data may disappear from users' projects after their next sync. Run again with --yes to delete it.`,
    );
  }
  await client.deleteForm(id);
  if (flags.json) return JSON.stringify({ id, deleted: true }, null, 2);
  return text.t('cli.formDeleted', { id });
}
