import { useId } from 'react';
import type { ContextOption } from '../../../../src-shared/forms/types';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/store';
import { contextChoices, groupOf, useContextLabel, type ContextGroup } from './contexts';

const GROUP_KEYS: Record<ContextGroup, MessageKey> = {
  target: 'forms.contextGroup.target',
  'room-type': 'forms.contextGroup.room-type',
  'object-category': 'forms.contextGroup.object-category',
  other: 'forms.contextGroup.other',
};
const GROUPS: ContextGroup[] = ['target', 'room-type', 'object-category', 'other'];

/**
 * Where the form can be filled in: at least one context. The service's planned list of options
 * (with custom room types and object categories) when it answers, else the four targets. Values
 * the form has that are on neither list stay, shown as they are, until the user unticks them.
 */
export function ContextPicker({
  value,
  options,
  error,
  disabled,
  onChange,
}: {
  value: string[];
  options: ContextOption[] | null;
  error: string | null;
  disabled: boolean;
  onChange: (next: string[]) => void;
}) {
  const t = useT();
  const label = useContextLabel(options);
  const id = useId();
  const choices = contextChoices(options);
  const kept = value.filter((v) => !choices.some((c) => c.value === v));
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));

  const box = (v: string, extra = '') => (
    <label key={v} className={`context-option${extra}`} data-testid={`form-context-${v}`}>
      <input
        type="checkbox"
        checked={value.includes(v)}
        disabled={disabled}
        onChange={(e) => toggle(v, e.target.checked)}
      />
      <span>{label(v)}</span>
    </label>
  );

  return (
    <fieldset
      className={`field-group form-contexts${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('forms.contexts')}</legend>
      <p className="field-hint">{options ? t('forms.contextsFromService') : t('forms.contextsHint')}</p>
      {GROUPS.map((group) => {
        const inGroup = choices.filter((c) => groupOf(c) === group);
        if (inGroup.length === 0) return null;
        return (
          <div key={group} className="context-group">
            {options && <span className="context-group-label">{t(GROUP_KEYS[group])}</span>}
            <div className="context-options">{inGroup.map((c) => box(c.value))}</div>
          </div>
        );
      })}
      {kept.length > 0 && (
        <div className="context-group">
          <span className="context-group-label">{t('forms.contextsKept')}</span>
          <div className="context-options">{kept.map((v) => box(v, ' is-kept'))}</div>
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error" data-testid="field-error-form-context">
          {error}
        </div>
      )}
    </fieldset>
  );
}
