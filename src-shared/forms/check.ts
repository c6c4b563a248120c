/**
 * What PlanDesk checks before it sends a form (a new one, an imported file, an edit): what the spec
 * requires (a name, one or more contexts, a `children` list) and that the nesting is a tree of
 * objects the service can take. Element fields beyond `type` and `label` are the service's to judge:
 * their schema is not shown. Problems are keyed by the service's own field paths, so the editor
 * shows them where it shows the service's errors.
 */
import {
  EXACT_NUMBER,
  isExactNumber,
  isJsonObject,
  type JsonObject,
  type JsonValue,
} from '../json/exact-json';
import { childrenOf } from './tree';

export type FormProblemCode =
  | 'not-a-form'
  | 'required'
  | 'empty'
  | 'not-text'
  | 'not-a-list'
  | 'not-an-object'
  | 'unknown-context'
  | 'too-deep'
  | 'reserved-name'
  | 'internal-marker';

export interface FormProblem {
  /** The service's spelling of the place: `name`, `context[1]`, `children[2].children[0].label`. */
  path: string;
  code: FormProblemCode;
}

/**
 * Field names PlanDesk keeps as data but never sends: a service written in JavaScript takes
 * `__proto__` for an object's prototype (the simulator's update drops it, others let it change their
 * objects), so it would not arrive as sent. The form can still be read, exported and edited in a file.
 */
export const UNSENDABLE_FIELD_NAMES: readonly string[] = ['__proto__'];

/** Deeper than this is no form a person made, and deeper than the service (simulator) accepts. */
export const MAX_FORM_DEPTH = 32;

export interface CheckOptions {
  /** Context values the workspace offers; when given, others are refused. */
  contexts?: readonly string[];
  /** Check only the fields present (an update may send any of them). Default false. */
  partial?: boolean;
}

export function checkForm(value: unknown, options: CheckOptions = {}): FormProblem[] {
  if (!isJsonObject(value)) return [{ path: '', code: 'not-a-form' }];
  const problems: FormProblem[] = [];
  const add = (path: string, code: FormProblemCode) => problems.push({ path, code });
  const doc: JsonObject = value;
  const has = (k: string) => doc[k] !== undefined && doc[k] !== null;

  if (has('name') || !options.partial) {
    if (!has('name')) add('name', 'required');
    else if (typeof doc.name !== 'string') add('name', 'not-text');
    else if (doc.name.trim() === '') add('name', 'empty');
  }
  if (has('context') || !options.partial) {
    const context = doc.context;
    if (!has('context')) add('context', 'required');
    else if (!Array.isArray(context)) add('context', 'not-a-list');
    else if (context.length === 0) add('context', 'empty');
    else
      context.forEach((c, i) => {
        if (typeof c !== 'string') add(`context[${i}]`, 'not-text');
        else if (options.contexts && !options.contexts.includes(c)) add(`context[${i}]`, 'unknown-context');
      });
  }
  if (has('children') || !options.partial) {
    if (!has('children')) add('children', 'required');
    else if (!Array.isArray(doc.children)) add('children', 'not-a-list');
    else checkElements(doc.children, 'children', add);
  }
  checkFieldNames(doc, add);
  return problems;
}

/**
 * Every object at any depth (unknown fields included): no field name PlanDesk cannot send, and no
 * object that holds PlanDesk's internal number key without being one of its numbers.
 */
function checkFieldNames(doc: JsonObject, add: (path: string, code: FormProblemCode) => void): void {
  const stack: [unknown, string][] = [[doc, '']];
  while (stack.length > 0) {
    const [value, at] = stack.pop()!;
    if (typeof value !== 'object' || value === null || isExactNumber(value)) continue;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, `${at}[${i}]`]));
      continue;
    }
    const fields = value as Record<string, unknown>;
    if (Object.hasOwn(fields, EXACT_NUMBER)) {
      add(at, 'internal-marker');
      continue;
    }
    for (const key of Object.keys(fields)) {
      const path = at ? `${at}.${key}` : key;
      if (UNSENDABLE_FIELD_NAMES.includes(key)) add(path, 'reserved-name');
      stack.push([fields[key], path]);
    }
  }
}

function checkElements(
  top: JsonValue[],
  topPath: string,
  add: (path: string, code: FormProblemCode) => void,
): void {
  const stack: [JsonValue[], string, number][] = [[top, topPath, 1]];
  while (stack.length > 0) {
    const [list, path, depth] = stack.pop()!;
    if (depth > MAX_FORM_DEPTH) {
      add(path, 'too-deep');
      continue;
    }
    list.forEach((el, i) => {
      const at = `${path}[${i}]`;
      if (!isJsonObject(el)) return add(at, 'not-an-object');
      if (el.type !== undefined && el.type !== null && typeof el.type !== 'string')
        add(`${at}.type`, 'not-text');
      if (el.label !== undefined && el.label !== null && typeof el.label !== 'string')
        add(`${at}.label`, 'not-text');
      if (typeof el.label === 'string' && el.label.trim() === '') add(`${at}.label`, 'empty');
      if (el.children === undefined || el.children === null) return;
      const children = childrenOf(el);
      if (!children) add(`${at}.children`, 'not-a-list');
      else stack.push([children, `${at}.children`, depth + 1]);
    });
  }
}
