import { describe, expect, it } from 'vitest';
import { checkForm } from '../../src-shared/forms/check';
import {
  FormEditError,
  insertElement,
  moveDown,
  moveElement,
  moveOut,
  moveUp,
  nestIntoPrevious,
  newElement,
  removeElement,
  setElementField,
  setFormField,
} from '../../src-shared/forms/edit';
import {
  countElements,
  elementAt,
  elementInfo,
  formId,
  placeOfServicePath,
  servicePath,
} from '../../src-shared/forms/tree';
import { exactJsonText, parseExactJson, type JsonObject } from '../../src-shared/json/exact-json';

/** A form whose every level carries fields PlanDesk does not know (and a number a double cannot hold). */
const TEXT = `{
  "id": 98765432109876543210,
  "name": "Site check",
  "context": ["room", "wall"],
  "meta": {"rev": 7, "tags": ["a", "b"]},
  "children": [
    {"type": "section", "label": "General", "layout": {"columns": 2}, "children": [
      {"type": "question", "label": "Condition?", "input": "choice", "options": ["ok", "bad"], "hint": "look closely", "weight": 1.50},
      {"type": "question", "label": "Photo", "input": "photo", "visible_if": {"question": 0, "equals": "bad"}}
    ]},
    {"type": "signature", "label": "Sign here", "children": []},
    {"type": "section", "label": "Empty", "children": []},
    "a stray string"
  ]
}`;

const doc = () => parseExactJson(TEXT) as JsonObject;

describe('form edits are patches', () => {
  it('change one field and share every untouched part with the original', () => {
    const original = doc();
    const edited = setElementField(original, [0, 0], 'label', 'State?');
    const section = (edited.children as JsonObject[])[0] as JsonObject;
    const originalSection = (original.children as JsonObject[])[0] as JsonObject;
    expect((section.children as JsonObject[])[0]).toMatchObject({
      label: 'State?',
      hint: 'look closely',
      options: ['ok', 'bad'],
    });
    // Only the way to the change is copied; siblings and the unknown fields are the same objects.
    expect((section.children as JsonObject[])[1]).toBe((originalSection.children as JsonObject[])[1]);
    expect(section.layout).toBe(originalSection.layout);
    expect(edited.meta).toBe(original.meta);
    expect((edited.children as unknown[])[1]).toBe((original.children as unknown[])[1]);
    expect(original).toEqual(doc());
    // Written back, only the label differs, the big id and the 1.50 included.
    expect(exactJsonText(edited, 0)).toBe(exactJsonText(original, 0).replace('"Condition?"', '"State?"'));
    expect(exactJsonText(edited, 0)).toContain('"id":98765432109876543210');
    expect(exactJsonText(edited, 0)).toContain('"weight":1.50');
  });

  it('remove a field with undefined, set the form’s own fields', () => {
    const d = setElementField(doc(), [0, 0], 'options', undefined);
    expect(elementAt(d, [0, 0])).not.toHaveProperty('options');
    expect(setFormField(doc(), 'name', 'Renamed').name).toBe('Renamed');
  });

  it('add, remove, reorder', () => {
    let d = insertElement(doc(), [2], 0, newElement('question', 'New'));
    expect(elementAt(d, [2, 0])).toEqual({ type: 'question', label: 'New', input: 'text', required: false });
    d = insertElement(d, [], 99, newElement('section', 'Last'));
    expect(elementAt(d, [4])).toEqual({ type: 'section', label: 'Last', children: [] });
    d = removeElement(d, [3]);
    expect((d.children as unknown[]).length).toBe(4);
    const up = moveUp(d, [0, 1])!;
    expect(up.path).toEqual([0, 0]);
    expect(elementInfo(elementAt(up.doc, [0, 0])).label).toBe('Photo');
    expect(moveUp(up.doc, [0, 0])).toBeNull();
    const down = moveDown(up.doc, [0, 0])!;
    expect(elementInfo(elementAt(down.doc, [0, 1])).label).toBe('Photo');
    expect(moveDown(down.doc, [0, 1])).toBeNull();
  });

  it('nest into the section above and move out again, keeping the element whole', () => {
    const original = doc();
    const nested = nestIntoPrevious(original, [2])!;
    // "Empty" goes into the element above it, which holds children although its type is unknown.
    expect(nested.path).toEqual([1, 0]);
    expect(elementInfo(elementAt(nested.doc, [1, 0])).label).toBe('Empty');
    const out = moveOut(nested.doc, nested.path)!;
    expect(out.path).toEqual([2]);
    expect(exactJsonText(out.doc, 0)).toBe(exactJsonText(original, 0));
    // A question is no container: nothing can go into it.
    expect(nestIntoPrevious(original, [0, 1])).toBeNull();
    expect(moveOut(original, [1])).toBeNull();
  });

  it('moves across levels with the target read after the element is taken out', () => {
    const moved = moveElement(doc(), [0, 1], [], 0);
    expect(moved.path).toEqual([0]);
    expect(elementInfo(elementAt(moved.doc, [0])).label).toBe('Photo');
    expect(elementInfo(elementAt(moved.doc, [1])).childCount).toBe(1);
  });

  it('refuses what cannot be done, without changing anything', () => {
    expect(() => setElementField(doc(), [], 'label', 'x')).toThrow(FormEditError);
    expect(() => removeElement(doc(), [9])).toThrow(FormEditError);
    expect(() => setElementField(doc(), [3, 0], 'label', 'x')).toThrow(FormEditError);
    expect(() => insertElement({ children: [{ children: 'nope' }] }, [0], 0, {})).toThrow(FormEditError);
  });
});

describe('reading a form', () => {
  it('tells sections, questions and the rest, and what is kept unread', () => {
    const d = doc();
    expect(elementInfo(elementAt(d, [0]))).toMatchObject({
      kind: 'section',
      container: true,
      childCount: 2,
      otherFields: ['layout'],
    });
    expect(elementInfo(elementAt(d, [0, 0]))).toMatchObject({
      kind: 'question',
      input: 'choice',
      options: ['ok', 'bad'],
      otherFields: ['hint', 'weight'],
    });
    expect(elementInfo(elementAt(d, [1]))).toMatchObject({
      kind: 'other',
      type: 'signature',
      container: true,
    });
    expect(elementInfo(elementAt(d, [3])).kind).toBe('not-an-object');
    expect(countElements(d)).toEqual({ questions: 2, sections: 2, other: 2, depth: 2 });
    expect(formId(d)).toBe('98765432109876543210');
  });

  it("maps the service's field paths to places and back", () => {
    expect(servicePath([2, 0], 'label')).toBe('children[2].children[0].label');
    expect(servicePath([], 'name')).toBe('name');
    expect(placeOfServicePath('children[2].children[0].label')).toEqual({ node: [2, 0], field: 'label' });
    expect(placeOfServicePath('children[1]')).toEqual({ node: [1], field: '' });
    expect(placeOfServicePath('children[2].children')).toEqual({ node: [2], field: 'children' });
    expect(placeOfServicePath('children[0].options[2]')).toEqual({ node: [0], field: 'options' });
    expect(placeOfServicePath('context[1]')).toEqual({ node: null, field: 'context' });
    expect(placeOfServicePath('name')).toEqual({ node: null, field: 'name' });
    expect(placeOfServicePath('children')).toEqual({ node: null, field: 'children' });
    expect(placeOfServicePath('something else')).toBeNull();
  });
});

describe('checks before sending', () => {
  it('pass a complete form with unknown fields anywhere, but not an element that is no object', () => {
    expect(checkForm(doc())).toEqual([{ path: 'children[3]', code: 'not-an-object' }]);
    expect(checkForm(removeElement(doc(), [3]))).toEqual([]);
  });

  it('name every problem at its place, in the service’s spelling', () => {
    expect(checkForm({})).toEqual([
      { path: 'name', code: 'required' },
      { path: 'context', code: 'required' },
      { path: 'children', code: 'required' },
    ]);
    expect(
      checkForm(
        {
          name: ' ',
          context: ['room', 5, 'garage'],
          children: [{ label: '' }, 'x', { type: 3, label: 'ok', children: {} }],
        },
        { contexts: ['plan', 'room'] },
      ),
    ).toEqual([
      { path: 'name', code: 'empty' },
      { path: 'context[1]', code: 'not-text' },
      { path: 'context[2]', code: 'unknown-context' },
      { path: 'children[0].label', code: 'empty' },
      { path: 'children[1]', code: 'not-an-object' },
      { path: 'children[2].type', code: 'not-text' },
      { path: 'children[2].children', code: 'not-a-list' },
    ]);
    expect(checkForm([1, 2])).toEqual([{ path: '', code: 'not-a-form' }]);
    expect(checkForm({ name: 'x', context: [], children: [] })).toEqual([{ path: 'context', code: 'empty' }]);
  });

  it('check only what a partial update sends', () => {
    expect(checkForm({ name: 'Renamed' }, { partial: true })).toEqual([]);
    expect(checkForm({ context: [] }, { partial: true })).toEqual([{ path: 'context', code: 'empty' }]);
  });

  it('refuse nesting deeper than a person makes, without recursion', () => {
    let el: JsonObject = { type: 'question', label: 'leaf' };
    for (let i = 0; i < 5000; i++) el = { type: 'section', label: `s${i}`, children: [el] };
    const problems = checkForm({ name: 'Deep', context: ['plan'], children: [el] });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('too-deep');
  });
});
