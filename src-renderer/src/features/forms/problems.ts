import type { FormProblem, FormProblemCode } from '../../../../src-shared/forms/check';
import { dataObject } from '../../../../src-shared/json/exact-json';
import type { MessageKey } from '../../i18n/messages';
import type { TFunction } from '../../i18n/store';

/** The catalogue's words for what the checks before sending found. */
export const PROBLEM_KEYS: Record<FormProblemCode, MessageKey> = {
  'not-a-form': 'forms.problem.not-a-form',
  required: 'forms.problem.required',
  empty: 'forms.problem.empty',
  'not-text': 'forms.problem.not-text',
  'not-a-list': 'forms.problem.not-a-list',
  'not-an-object': 'forms.problem.not-an-object',
  'unknown-context': 'forms.problem.unknown-context',
  'too-deep': 'forms.problem.too-deep',
  'reserved-name': 'forms.problem.reserved-name',
  'internal-marker': 'forms.problem.internal-marker',
};

/** Problems by the service's path of their place, in words. */
export function problemTexts(problems: FormProblem[], t: TFunction): Record<string, string> {
  // Without a prototype: a problem's place may be a field named `__proto__`.
  const out = dataObject<string>([]);
  for (const p of problems) {
    const text = t(PROBLEM_KEYS[p.code]);
    out[p.path] = out[p.path] ? `${out[p.path]} ${text}` : text;
  }
  return out;
}

/** The service's own field messages, one line per place. */
export function serviceFieldTexts(fields: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, messages]) => [
      path,
      (Array.isArray(messages) ? messages : [String(messages)]).join(' '),
    ]),
  );
}
