import type { elementInfo } from '../../../../src-shared/forms/tree';
import { QUESTION_INPUTS } from '../../../../src-shared/forms/tree';
import type { JsonValue } from '../../../../src-shared/json/exact-json';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/store';
import type { Control, MoveTool } from './FormNode';

type ElementInfo = ReturnType<typeof elementInfo>;
type SetRef = (control: Control, el: HTMLElement | null) => void;

/** An answer type in words; one PlanDesk does not know keeps the service's word, said to be its own. */
function useInputLabel(): (input: string) => string {
  const t = useT();
  return (input) =>
    (QUESTION_INPUTS as readonly string[]).includes(input)
      ? t(`forms.inputType.${input}` as MessageKey)
      : t('forms.inputOther', { type: input.replace(/[_-]+/g, ' ') });
}

/** A section or question's kind in words; another kind the service's own word, made readable. */
function useKindLabel(): (info: ElementInfo) => string {
  const t = useT();
  return (info) =>
    info.kind === 'section'
      ? t('forms.section')
      : info.kind === 'question'
        ? t('forms.question')
        : info.kind === 'other'
          ? info.type
            ? info.type.replace(/[_-]+/g, ' ')
            : t('forms.otherElement')
          : t('forms.notAnElement');
}

/** A question's answer type and whether an answer is required. */
function QuestionFields({
  id,
  info,
  name,
  readOnly,
  set,
}: {
  id: string;
  info: ElementInfo;
  name: string;
  readOnly: boolean;
  set: (field: string, value: JsonValue | undefined) => void;
}) {
  const t = useT();
  const inputLabel = useInputLabel();
  const inputs = [
    ...QUESTION_INPUTS,
    ...(info.input && !QUESTION_INPUTS.includes(info.input as never) ? [info.input] : []),
  ];
  return (
    <>
      <select
        className="select form-node-input"
        aria-label={t('forms.controlOf', { control: t('forms.input'), element: name })}
        value={info.input ?? ''}
        disabled={readOnly}
        onChange={(e) => set('input', e.target.value || undefined)}
        data-testid={`node-input-${id}`}
      >
        {!info.input && <option value="">{t('forms.inputNone')}</option>}
        {inputs.map((v) => (
          <option key={v} value={v}>
            {inputLabel(v)}
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
        <span className="sr-only">: {name}</span>
      </label>
    </>
  );
}

/** Move up and down (arrows), indent and outdent (arrow and word), remove: each named for its element. */
function NodeTools({
  id,
  name,
  moves,
  setRef,
  onRemove,
}: {
  id: string;
  name: string;
  moves: MoveTool[];
  setRef: SetRef;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <span className="form-node-tools">
      {moves.map((m) => (
        <button
          key={m.control}
          type="button"
          className={m.word ? 'icon-button icon-button-word' : 'icon-button'}
          ref={(el) => setRef(m.control, el)}
          disabled={!m.possible}
          onClick={m.run}
          title={m.label}
          aria-label={t('forms.controlOf', {
            control: m.word ? `${m.word} (${m.label})` : m.label,
            element: name,
          })}
          data-testid={`node-${m.control}-${id}`}
        >
          <span aria-hidden="true">{m.glyph}</span>
          {m.word && <span className="icon-button-text">{m.word}</span>}
        </button>
      ))}
      <button
        type="button"
        className="icon-button icon-danger"
        onClick={onRemove}
        title={t('forms.remove')}
        aria-label={t('forms.controlOf', { control: t('forms.remove'), element: name })}
        data-testid={`node-remove-${id}`}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}

/** An element's line: its kind, its text, a question's answer fields, and its tools (they wrap when narrow). */
export function NodeFields({
  id,
  element,
  info,
  name,
  errors,
  readOnly,
  moves,
  setRef,
  set,
  onRemove,
}: {
  id: string;
  element: JsonValue;
  info: ElementInfo;
  name: string;
  errors: Record<string, string>;
  readOnly: boolean;
  moves: MoveTool[];
  setRef: SetRef;
  set: (field: string, value: JsonValue | undefined) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const kindLabel = useKindLabel();
  return (
    <>
      <div className="form-node-row">
        <span className={`form-node-kind kind-${info.kind}`}>{kindLabel(info)}</span>
        {info.kind === 'not-an-object' ? (
          <code className="form-node-raw">{JSON.stringify(element)?.slice(0, 80)}</code>
        ) : (
          <input
            ref={(el) => setRef('label', el)}
            className={`input form-node-label${errors.label ? ' is-invalid' : ''}`}
            aria-label={t('forms.controlOf', { control: t('forms.label'), element: name })}
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
          <QuestionFields id={id} info={info} name={name} readOnly={readOnly} set={set} />
        )}
        {!readOnly && <NodeTools id={id} name={name} moves={moves} setRef={setRef} onRemove={onRemove} />}
      </div>
      {errors.label && (
        <div className="field-error" data-testid={`field-error-node-${id}`}>
          {errors.label}
        </div>
      )}
    </>
  );
}
