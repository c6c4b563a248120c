/**
 * Reading a form document (kept exactly as the service sent it) as a tree of sections and questions.
 * The spec shows only `name`, `context` and nestable `children`; the element fields read here are
 * the ones the simulator and public examples use (`type`, `label`, `input`, `options`, `required`,
 * `id`). Anything else is left alone: it is only counted, so the editor can say it is kept.
 */
import {
  EXACT_NUMBER,
  isExactNumber,
  isJsonObject,
  type JsonObject,
  type JsonValue,
} from '../json/exact-json';

/** Indexes into nested `children` arrays: `[2, 0]` is `children[2].children[0]`. */
export type NodePath = readonly number[];

/** The element fields the editor understands; everything else is kept as sent. */
export const KNOWN_ELEMENT_FIELDS = ['id', 'type', 'label', 'input', 'options', 'required', 'children'];
/** Top-level fields the editor understands. */
export const KNOWN_FORM_FIELDS = ['id', 'name', 'context', 'children', 'created', 'modified', 'published'];
/** Top-level fields the service manages: never sent back on create or update. */
export const MANAGED_FORM_FIELDS = ['id', 'created', 'modified', 'published'];

export const FORM_TARGETS = ['plan', 'floor', 'room', 'objectsTree'] as const;
export const QUESTION_INPUTS = ['text', 'number', 'choice', 'checkbox', 'date', 'photo'] as const;

export type ElementKind = 'section' | 'question' | 'other' | 'not-an-object';

export interface ElementInfo {
  kind: ElementKind;
  /** `type` as sent (also when it is not one PlanDesk knows). */
  type: string | null;
  label: string | null;
  input: string | null;
  required: boolean | null;
  options: string[] | null;
  /** Text of `id` (a number is shown as text). */
  id: string | null;
  /** Whether the element holds a `children` array (sections; unknown types may too). */
  container: boolean;
  childCount: number;
  /** Fields PlanDesk does not understand, kept as sent. */
  otherFields: string[];
}

export function childrenOf(value: JsonValue | undefined): JsonValue[] | null {
  if (!isJsonObject(value)) return null;
  const children = value.children;
  return Array.isArray(children) ? children : null;
}

/** The element at `path`, or undefined when the path leads nowhere. */
export function elementAt(doc: JsonObject, path: NodePath): JsonValue | undefined {
  let current: JsonValue = doc;
  for (const index of path) {
    const list = childrenOf(current);
    if (!list || index < 0 || index >= list.length) return undefined;
    current = list[index] as JsonValue;
  }
  return current;
}

function text(v: JsonValue | undefined): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isExactNumber(v)) return v[EXACT_NUMBER];
  return null;
}

export function elementInfo(el: JsonValue | undefined): ElementInfo {
  if (!isJsonObject(el)) {
    return {
      kind: 'not-an-object',
      type: null,
      label: null,
      input: null,
      required: null,
      options: null,
      id: null,
      container: false,
      childCount: 0,
      otherFields: [],
    };
  }
  const type = typeof el.type === 'string' ? el.type : null;
  const children = childrenOf(el);
  const kind: ElementKind = type === 'section' ? 'section' : type === 'question' ? 'question' : 'other';
  return {
    kind,
    type,
    label: typeof el.label === 'string' ? el.label : null,
    input: typeof el.input === 'string' ? el.input : null,
    required: typeof el.required === 'boolean' ? el.required : null,
    options:
      Array.isArray(el.options) && el.options.every((o) => typeof o === 'string')
        ? (el.options as string[])
        : null,
    id: text(el.id),
    container: children !== null || kind === 'section',
    childCount: children?.length ?? 0,
    otherFields: Object.keys(el).filter((k) => !KNOWN_ELEMENT_FIELDS.includes(k)),
  };
}

export interface FormCounts {
  questions: number;
  sections: number;
  /** Elements of a type PlanDesk does not know, or not objects at all. */
  other: number;
  depth: number;
}

/** Counts every element, however deep, without recursion. */
export function countElements(doc: JsonObject): FormCounts {
  const counts: FormCounts = { questions: 0, sections: 0, other: 0, depth: 0 };
  const stack: [JsonValue[], number][] = [[childrenOf(doc) ?? [], 1]];
  while (stack.length > 0) {
    const [list, depth] = stack.pop()!;
    if (list.length > 0 && depth > counts.depth) counts.depth = depth;
    for (const el of list) {
      const info = elementInfo(el);
      if (info.kind === 'question') counts.questions++;
      else if (info.kind === 'section') counts.sections++;
      else counts.other++;
      const children = childrenOf(el);
      if (children) stack.push([children, depth + 1]);
    }
  }
  return counts;
}

export function formName(doc: JsonObject): string {
  return typeof doc.name === 'string' ? doc.name : '';
}

export function formContexts(doc: JsonObject): string[] {
  return Array.isArray(doc.context) ? doc.context.filter((c): c is string => typeof c === 'string') : [];
}

export function formId(doc: JsonObject): string | null {
  return text(doc.id);
}

/** `children[2].children[0]` for `[2, 0]`: the service's own spelling of an element's place. */
export function servicePath(path: NodePath, field?: string): string {
  const place = path.map((i) => `children[${i}]`).join('.');
  return field ? (place ? `${place}.${field}` : field) : place;
}

/**
 * Where a field error of the service belongs: the form itself (`name`, `context[1]`), or an
 * element and one of its fields (`children[2].children[0].label`). Null for anything else.
 */
export function placeOfServicePath(
  path: string,
): { node: number[]; field: string } | { node: null; field: string } | null {
  const top = /^(name|context|children)(?:\[\d+\])?$/.exec(path);
  if (top && !path.startsWith('children[')) return { node: null, field: top[1] as string };
  if (path === 'children') return { node: null, field: 'children' };
  const m = /^((?:children\[\d+\]\.?)+)(?:\.?([A-Za-z_][\w]*)(?:\[\d+\])?)?$/.exec(path);
  if (!m) return null;
  const node = [...(m[1] as string).matchAll(/children\[(\d+)\]/g)].map((x) => Number(x[1]));
  return { node, field: m[2] ?? '' };
}
