import { useCallback, useEffect, useRef } from 'react';
import {
  canHoldChildren,
  moveDown,
  moveOut,
  moveUp,
  nestIntoPrevious,
  removeElement,
  setElementField,
} from '../../../../src-shared/forms/edit';
import {
  childrenOf,
  elementInfo,
  placeOfServicePath,
  servicePath,
  type NodePath,
} from '../../../../src-shared/forms/tree';
import type { JsonObject, JsonValue } from '../../../../src-shared/json/exact-json';
import { useT, useTPlural } from '../../i18n/store';
import { NodeFields } from './NodeFields';
import { OptionsEditor } from './OptionsEditor';
import { useForms } from './store';

export type Control = 'label' | 'up' | 'down' | 'in' | 'out';
export interface FocusRequest {
  path: string;
  control: Control;
}
type Moved = { doc: JsonObject; path: number[] } | null;

export const nodeKey = (path: NodePath) => path.join('.');

/** This element's field errors, by field ('' for the element itself). */
function errorsAt(fieldErrors: Record<string, string>, path: NodePath): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, text] of Object.entries(fieldErrors)) {
    const place = placeOfServicePath(p);
    if (place?.node && nodeKey(place.node) === nodeKey(path))
      out[place.field] = out[place.field] ? `${out[place.field]} ${text}` : text;
  }
  return out;
}

export interface TreeProps {
  fieldErrors: Record<string, string>;
  readOnly: boolean;
  focus: FocusRequest | null;
  setFocus: (f: FocusRequest | null) => void;
  add: (parent: NodePath, kind: 'section' | 'question') => void;
}

/** The elements of one container, each with its own subtree. */
export function ElementList({
  elements,
  parent,
  role,
  label,
  ...tree
}: TreeProps & { elements: JsonValue[]; parent: number[]; role: 'tree' | 'group'; label?: string }) {
  return (
    <ol className="form-tree-list" role={role} aria-label={label}>
      {elements.map((el, i) => (
        <ElementNode key={i} element={el} path={[...parent, i]} siblings={elements} {...tree} />
      ))}
    </ol>
  );
}

export interface MoveTool {
  control: Exclude<Control, 'label'>;
  glyph: string;
  /** What the button says (indent and outdent), beside its glyph; up and down show the glyph only. */
  word?: string;
  label: string;
  possible: boolean;
  run: () => void;
}

/** The element's moves: up, down, into the section above, out of its section. */
function useMoves(path: number[], siblings: JsonValue[], setFocus: TreeProps['setFocus']): MoveTool[] {
  const t = useT();
  const index = path[path.length - 1] as number;
  const move = (change: (doc: JsonObject) => Moved, control: Control) => {
    let moved: Moved = null;
    useForms.getState().edit(
      (d) => {
        moved = change(d);
        return moved?.doc ?? d;
      },
      [],
      true,
    );
    const to = moved as Moved;
    if (to) setFocus({ path: nodeKey(to.path), control });
  };
  return [
    {
      control: 'up',
      glyph: '↑',
      label: t('forms.moveUp'),
      possible: index > 0,
      run: () => move((d) => moveUp(d, path), 'up'),
    },
    {
      control: 'down',
      glyph: '↓',
      label: t('forms.moveDown'),
      possible: index < siblings.length - 1,
      run: () => move((d) => moveDown(d, path), 'down'),
    },
    {
      control: 'in',
      glyph: '→',
      word: t('forms.nestShort'),
      label: t('forms.nest'),
      possible: canHoldChildren(siblings[index - 1]),
      run: () => move((d) => nestIntoPrevious(d, path), 'in'),
    },
    {
      control: 'out',
      glyph: '←',
      word: t('forms.unnestShort'),
      label: t('forms.unnest'),
      possible: path.length > 1,
      run: () => move((d) => moveOut(d, path), 'out'),
    },
  ];
}

/** An element's name for screen readers and tooltips: "question 1.2". */
function useElementName(kind: string, path: number[]): string {
  const t = useT();
  const number = path.map((i) => i + 1).join('.');
  if (kind === 'section') return t('forms.elementSection', { number });
  if (kind === 'question') return t('forms.elementQuestion', { number });
  return t('forms.elementOther', { number });
}

function ElementNode({
  element,
  path,
  siblings,
  ...tree
}: TreeProps & { element: JsonValue; path: number[]; siblings: JsonValue[] }) {
  const tp = useTPlural();
  const info = elementInfo(element);
  const id = nodeKey(path);
  const errors = errorsAt(tree.fieldErrors, path);
  const refs = useRef<Partial<Record<Control, HTMLElement | null>>>({});
  const setRef = useCallback((control: Control, el: HTMLElement | null) => {
    refs.current[control] = el;
  }, []);
  const children = childrenOf(element);
  const moves = useMoves(path, siblings, tree.setFocus);
  const name = useElementName(info.kind, path);
  const { focus, setFocus, readOnly } = tree;

  useEffect(() => {
    if (focus?.path !== id) return;
    const target = refs.current[focus.control] ?? refs.current.label;
    target?.focus();
    setFocus(null);
  }, [focus, id, setFocus]);

  const set = (field: string, value: JsonValue | undefined) =>
    useForms.getState().edit((d) => setElementField(d, path, field, value), [servicePath(path, field)]);
  const otherErrors = Object.entries(errors).filter(([field]) => field !== 'label');

  return (
    <li
      className={`form-node form-node-${info.kind}`}
      role="treeitem"
      aria-selected={false}
      aria-expanded={children ? true : undefined}
      data-testid={`form-node-${id}`}
    >
      <NodeFields
        id={id}
        element={element}
        info={info}
        name={name}
        errors={errors}
        readOnly={readOnly}
        moves={moves}
        setRef={setRef}
        set={set}
        onRemove={() => useForms.getState().edit((d) => removeElement(d, path), [], true)}
      />
      {otherErrors.length > 0 && (
        <ul className="field-error form-node-errors" data-testid={`node-errors-${id}`}>
          {otherErrors.map(([field, text]) => (
            <li key={field}>{field ? `${field}: ${text}` : text}</li>
          ))}
        </ul>
      )}
      {info.kind === 'question' && (info.input === 'choice' || info.options !== null) && (
        <OptionsEditor
          id={id}
          options={info.options ?? []}
          readOnly={readOnly}
          onChange={(options) => set('options', options)}
        />
      )}
      {info.otherFields.length > 0 && (
        <div className="form-node-kept" title={info.otherFields.join(', ')} data-testid={`node-kept-${id}`}>
          {tp('forms.keptFields', info.otherFields.length, {
            fields: info.otherFields.slice(0, 4).join(', '),
          })}
        </div>
      )}
      {children && <ElementList elements={children} parent={path} role="group" {...tree} />}
      {info.container && !readOnly && <AddHere id={id} path={path} add={tree.add} />}
    </li>
  );
}

/** "+ Question here", "+ Section here" under a section. */
function AddHere({ id, path, add }: { id: string; path: number[]; add: TreeProps['add'] }) {
  const t = useT();
  return (
    <div className="form-node-add">
      <button
        type="button"
        className="link-button"
        onClick={() => add(path, 'question')}
        data-testid={`node-add-question-${id}`}
      >
        {t('forms.addQuestionHere')}
      </button>
      <button
        type="button"
        className="link-button"
        onClick={() => add(path, 'section')}
        data-testid={`node-add-section-${id}`}
      >
        {t('forms.addSectionHere')}
      </button>
    </div>
  );
}
