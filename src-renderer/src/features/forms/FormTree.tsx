import { useEffect, useRef, useState } from 'react';
import {
  canHoldChildren,
  insertElement,
  moveDown,
  moveOut,
  moveUp,
  nestIntoPrevious,
  newElement,
  removeElement,
  setElementField,
} from '../../../../src-shared/forms/edit';
import {
  childrenOf,
  elementAt,
  elementInfo,
  placeOfServicePath,
  QUESTION_INPUTS,
  servicePath,
  type NodePath,
} from '../../../../src-shared/forms/tree';
import type { JsonObject, JsonValue } from '../../../../src-shared/json/exact-json';
import { Button } from '../../components/Button';
import { useT, useTPlural } from '../../i18n/store';
import { useForms } from './store';

type Control = 'label' | 'up' | 'down' | 'in' | 'out';
interface FocusRequest {
  path: string;
  control: Control;
}

type Moved = { doc: JsonObject; path: number[] } | null;

const key = (path: NodePath) => path.join('.');

/** This element's field errors, by field ('' for the element itself). */
function errorsAt(fieldErrors: Record<string, string>, path: NodePath): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, text] of Object.entries(fieldErrors)) {
    const place = placeOfServicePath(p);
    if (place?.node && key(place.node) === key(path))
      out[place.field] = out[place.field] ? `${out[place.field]} ${text}` : text;
  }
  return out;
}

/**
 * The form's sections and questions as a tree the user can change: add, remove, reorder, and nest
 * (into the section above, or out of the one it is in). Every change is a patch of the document.
 */
export function FormTree({
  document,
  fieldErrors,
  readOnly,
}: {
  document: JsonObject;
  fieldErrors: Record<string, string>;
  readOnly: boolean;
}) {
  const t = useT();
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const children = childrenOf(document) ?? [];

  const add = (parent: NodePath, kind: 'section' | 'question') => {
    const siblings =
      parent.length === 0 ? children.length : (childrenOf(elementAt(document, parent))?.length ?? 0);
    const label = kind === 'section' ? t('forms.newSection') : t('forms.newQuestion');
    useForms.getState().edit((d) => insertElement(d, parent, siblings, newElement(kind, label)), [], true);
    setFocus({ path: key([...parent, siblings]), control: 'label' });
  };

  return (
    <div className="form-tree" data-testid="form-tree">
      <h3 className="form-tree-title">{t('forms.structure')}</h3>
      {fieldErrors.children && (
        <div className="field-error" data-testid="field-error-form-children">
          {fieldErrors.children}
        </div>
      )}
      {children.length === 0 ? (
        <p className="form-tree-empty">{t('forms.noElements')}</p>
      ) : (
        <ElementList
          elements={children}
          parent={[]}
          role="tree"
          label={t('forms.structure')}
          fieldErrors={fieldErrors}
          readOnly={readOnly}
          focus={focus}
          setFocus={setFocus}
          add={add}
        />
      )}
      {!readOnly && (
        <div className="form-tree-add">
          <Button
            size="sm"
            className="btn-plus"
            onClick={() => add([], 'section')}
            data-testid="form-add-section"
          >
            {t('forms.addSection')}
          </Button>
          <Button
            size="sm"
            className="btn-plus"
            onClick={() => add([], 'question')}
            data-testid="form-add-question"
          >
            {t('forms.addQuestion')}
          </Button>
        </div>
      )}
    </div>
  );
}

interface TreeProps {
  fieldErrors: Record<string, string>;
  readOnly: boolean;
  focus: FocusRequest | null;
  setFocus: (f: FocusRequest | null) => void;
  add: (parent: NodePath, kind: 'section' | 'question') => void;
}

/** The elements of one container, each with its own subtree. */
function ElementList({
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

function ElementNode({
  element,
  path,
  siblings,
  fieldErrors,
  readOnly,
  focus,
  setFocus,
  add,
}: TreeProps & {
  element: JsonValue;
  path: number[];
  siblings: JsonValue[];
}) {
  const t = useT();
  const tp = useTPlural();
  const info = elementInfo(element);
  const id = key(path);
  const index = path[path.length - 1] as number;
  const errors = errorsAt(fieldErrors, path);
  const refs = useRef<Partial<Record<Control, HTMLElement | null>>>({});
  const children = childrenOf(element);
  const store = useForms.getState;

  useEffect(() => {
    if (focus?.path !== id) return;
    const target = refs.current[focus.control] ?? refs.current.label;
    target?.focus();
    setFocus(null);
  }, [focus, id, setFocus]);

  const move = (change: (doc: JsonObject) => Moved, control: Control) => {
    let moved: Moved = null;
    store().edit(
      (d) => {
        moved = change(d);
        return moved?.doc ?? d;
      },
      [],
      true,
    );
    const to = moved as Moved;
    if (to) setFocus({ path: key(to.path), control });
  };
  const set = (field: string, value: JsonValue | undefined) =>
    store().edit((d) => setElementField(d, path, field, value), [servicePath(path, field)]);

  const kindLabel =
    info.kind === 'section'
      ? t('forms.section')
      : info.kind === 'question'
        ? t('forms.question')
        : info.kind === 'other'
          ? (info.type ?? t('forms.otherElement'))
          : t('forms.notAnElement');
  const previous = siblings[index - 1];
  const moves: {
    control: Exclude<Control, 'label'>;
    glyph: string;
    label: string;
    possible: boolean;
    change: (doc: JsonObject) => Moved;
  }[] = [
    {
      control: 'up',
      glyph: '↑',
      label: t('forms.moveUp'),
      possible: index > 0,
      change: (d) => moveUp(d, path),
    },
    {
      control: 'down',
      glyph: '↓',
      label: t('forms.moveDown'),
      possible: index < siblings.length - 1,
      change: (d) => moveDown(d, path),
    },
    {
      control: 'in',
      glyph: '→',
      label: t('forms.nest'),
      possible: canHoldChildren(previous),
      change: (d) => nestIntoPrevious(d, path),
    },
    {
      control: 'out',
      glyph: '←',
      label: t('forms.unnest'),
      possible: path.length > 1,
      change: (d) => moveOut(d, path),
    },
  ];
  const otherErrors = Object.entries(errors).filter(([field]) => field !== 'label');

  return (
    <li
      className={`form-node form-node-${info.kind}`}
      role="treeitem"
      aria-selected={false}
      aria-expanded={children ? true : undefined}
      data-testid={`form-node-${id}`}
    >
      <div className="form-node-row">
        <span className={`form-node-kind kind-${info.kind}`}>{kindLabel}</span>
        {info.kind === 'not-an-object' ? (
          <code className="form-node-raw">{JSON.stringify(element)?.slice(0, 80)}</code>
        ) : (
          <input
            ref={(el) => {
              refs.current.label = el;
            }}
            className={`input form-node-label${errors.label ? ' is-invalid' : ''}`}
            aria-label={t('forms.label')}
            aria-invalid={errors.label ? true : undefined}
            value={info.label ?? ''}
            placeholder={t('forms.labelPlaceholder')}
            readOnly={readOnly}
            maxLength={2000}
            onChange={(e) => set('label', e.target.value)}
            data-testid={`node-label-${id}`}
          />
        )}
        {info.kind === 'question' && (
          <>
            <select
              className="select form-node-input"
              aria-label={t('forms.input')}
              value={info.input ?? ''}
              disabled={readOnly}
              onChange={(e) => set('input', e.target.value || undefined)}
              data-testid={`node-input-${id}`}
            >
              {!info.input && <option value="">{t('forms.inputNone')}</option>}
              {[
                ...QUESTION_INPUTS,
                ...(info.input && !QUESTION_INPUTS.includes(info.input as never) ? [info.input] : []),
              ].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
            <label className="form-node-required">
              <input
                type="checkbox"
                checked={info.required === true}
                disabled={readOnly}
                onChange={(e) => set('required', e.target.checked)}
                data-testid={`node-required-${id}`}
              />
              {t('forms.required')}
            </label>
          </>
        )}
        {!readOnly && (
          <span className="form-node-tools">
            {moves.map((m) => (
              <button
                key={m.control}
                type="button"
                className="icon-button"
                ref={(el) => {
                  refs.current[m.control] = el;
                }}
                disabled={!m.possible}
                onClick={() => move(m.change, m.control)}
                title={m.label}
                aria-label={m.label}
                data-testid={`node-${m.control}-${id}`}
              >
                {m.glyph}
              </button>
            ))}
            <button
              type="button"
              className="icon-button icon-danger"
              onClick={() => store().edit((d) => removeElement(d, path), [], true)}
              title={t('forms.remove')}
              aria-label={t('forms.remove')}
              data-testid={`node-remove-${id}`}
            >
              ×
            </button>
          </span>
        )}
      </div>
      {errors.label && (
        <div className="field-error" data-testid={`field-error-node-${id}`}>
          {errors.label}
        </div>
      )}
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
      {children && (
        <ElementList
          elements={children}
          parent={path}
          role="group"
          fieldErrors={fieldErrors}
          readOnly={readOnly}
          focus={focus}
          setFocus={setFocus}
          add={add}
        />
      )}
      {info.container && !readOnly && (
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
      )}
    </li>
  );
}

/** Choices of a question, one per line. */
function OptionsEditor({
  id,
  options,
  readOnly,
  onChange,
}: {
  id: string;
  options: string[];
  readOnly: boolean;
  onChange: (options: string[]) => void;
}) {
  const t = useT();
  const [text, setText] = useState(options.join('\n'));
  const [shown, setShown] = useState(options);
  // The document changed from outside (discard, a save's answer): show what it holds now, but keep
  // what is being typed (a blank line, say) when it says the same.
  if (shown !== options) {
    setShown(options);
    const typed = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (typed.join('\n') !== options.join('\n')) setText(options.join('\n'));
  }
  return (
    <label className="form-node-options">
      <span>{t('forms.options')}</span>
      <textarea
        className="input"
        rows={Math.min(6, Math.max(2, options.length + 1))}
        value={text}
        readOnly={readOnly}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean),
          );
        }}
        data-testid={`node-options-${id}`}
      />
    </label>
  );
}
