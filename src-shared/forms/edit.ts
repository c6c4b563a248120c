/**
 * The form editor's changes, as patches on the document the service sent. Each returns a new
 * document that shares every untouched part with the old one: only the objects on the way to the
 * change are copied (with all their other fields, known or not), nothing is rebuilt from a model.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../json/exact-json';
import { childrenOf, elementAt, type NodePath } from './tree';

export class FormEditError extends Error {
  override readonly name = 'FormEditError';
}

/** Replaces the element (or the form, for `[]`) at `path` by `change(old)`, copying only the way there. */
function updateAt(doc: JsonObject, path: NodePath, change: (node: JsonObject) => JsonObject): JsonObject {
  if (path.length === 0) return change(doc);
  const [index, ...rest] = path as [number, ...number[]];
  const list = childrenOf(doc);
  const child = list?.[index];
  if (!list || !isJsonObject(child)) throw new FormEditError(`No element at children[${index}]`);
  const copy = list.slice();
  copy[index] = updateAt(child, rest, change);
  return { ...doc, children: copy };
}

function withChildren(node: JsonObject, change: (list: JsonValue[]) => JsonValue[]): JsonObject {
  const list = childrenOf(node);
  if (!list && node.children !== undefined && node.children !== null) {
    throw new FormEditError('The element holds something other than a list in "children"');
  }
  return { ...node, children: change(list ? list.slice() : []) };
}

/** Sets a field of the form itself (`name`, `context`). */
export function setFormField(doc: JsonObject, field: string, value: JsonValue): JsonObject {
  return { ...doc, [field]: value };
}

/** Sets a field of an element; `undefined` removes it. Other fields are kept as they are. */
export function setElementField(
  doc: JsonObject,
  path: NodePath,
  field: string,
  value: JsonValue | undefined,
): JsonObject {
  if (path.length === 0) throw new FormEditError('The form itself is not an element');
  return updateAt(doc, path, (node) => {
    if (value !== undefined) return { ...node, [field]: value };
    const copy = { ...node };
    delete copy[field];
    return copy;
  });
}

/** Puts `element` into the container at `parent` (the form for `[]`) at `index` (clamped). */
export function insertElement(
  doc: JsonObject,
  parent: NodePath,
  index: number,
  element: JsonValue,
): JsonObject {
  return updateAt(doc, parent, (node) =>
    withChildren(node, (list) => {
      list.splice(Math.max(0, Math.min(index, list.length)), 0, element);
      return list;
    }),
  );
}

export function removeElement(doc: JsonObject, path: NodePath): JsonObject {
  if (path.length === 0) throw new FormEditError('The form itself cannot be removed');
  const parent = path.slice(0, -1);
  const index = path[path.length - 1] as number;
  if (elementAt(doc, path) === undefined) throw new FormEditError('No element there');
  return updateAt(doc, parent, (node) =>
    withChildren(node, (list) => {
      list.splice(index, 1);
      return list;
    }),
  );
}

function startsWith(path: NodePath, prefix: NodePath): boolean {
  return prefix.length <= path.length && prefix.every((v, i) => path[i] === v);
}

/**
 * Moves the element at `from` into the container at `toParent` at `toIndex`. `toParent` and
 * `toIndex` are read in the document as it is *after* the element was taken out.
 * Returns the document and the element's new path.
 */
export function moveElement(
  doc: JsonObject,
  from: NodePath,
  toParent: NodePath,
  toIndex: number,
): { doc: JsonObject; path: number[] } {
  const element = elementAt(doc, from);
  if (element === undefined || from.length === 0) throw new FormEditError('No element there');
  const without = removeElement(doc, from);
  const target = elementAt(without, toParent);
  if (toParent.length > 0 && !isJsonObject(target)) throw new FormEditError('No container there');
  const size = childrenOf(target as JsonValue)?.length ?? 0;
  const index = Math.max(0, Math.min(toIndex, size));
  return { doc: insertElement(without, toParent, index, element), path: [...toParent, index] };
}

/** Where a move may go, as the editor offers it (null: not possible here). */
export function moveUp(doc: JsonObject, path: NodePath): { doc: JsonObject; path: number[] } | null {
  const index = path[path.length - 1];
  if (index === undefined || index === 0) return null;
  return moveElement(doc, path, path.slice(0, -1), index - 1);
}

export function moveDown(doc: JsonObject, path: NodePath): { doc: JsonObject; path: number[] } | null {
  const index = path[path.length - 1];
  const siblings = childrenOf(elementAt(doc, path.slice(0, -1)));
  if (index === undefined || !siblings || index >= siblings.length - 1) return null;
  return moveElement(doc, path, path.slice(0, -1), index + 1);
}

/** Into the section just above it, as its last element. */
export function nestIntoPrevious(
  doc: JsonObject,
  path: NodePath,
): { doc: JsonObject; path: number[] } | null {
  const index = path[path.length - 1];
  if (index === undefined || index === 0) return null;
  const previousPath = [...path.slice(0, -1), index - 1];
  const previous = elementAt(doc, previousPath);
  if (!isJsonObject(previous) || !canHoldChildren(previous)) return null;
  // Taking the element out does not move the one above it.
  return moveElement(doc, path, previousPath, childrenOf(previous)?.length ?? 0);
}

/** Out of its section, just after it. */
export function moveOut(doc: JsonObject, path: NodePath): { doc: JsonObject; path: number[] } | null {
  if (path.length < 2) return null;
  const parent = path.slice(0, -1);
  const grandparent = path.slice(0, -2);
  return moveElement(doc, path, grandparent, (parent[parent.length - 1] as number) + 1);
}

/** Sections, and elements of any type that already hold a `children` list. */
export function canHoldChildren(el: JsonValue | undefined): boolean {
  return isJsonObject(el) && (el.type === 'section' || Array.isArray(el.children));
}

/** A new element as the editor makes it; the service gives it an id. */
export function newElement(kind: 'section' | 'question', label: string): JsonObject {
  return kind === 'section'
    ? { type: 'section', label, children: [] }
    : { type: 'question', label, input: 'text', required: false };
}

/** Whether a move from `from` into `toParent` would put an element inside itself. */
export function isInsideItself(from: NodePath, toParent: NodePath): boolean {
  return startsWith(toParent, from);
}
