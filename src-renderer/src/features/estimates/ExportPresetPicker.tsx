import { useId, useState, type KeyboardEvent } from 'react';
import {
  INTERNAL_PRESET_ID,
  QUOTE_PRESET_ID,
  isBuiltInPreset,
  type DocumentKind,
  type ExportPreset,
} from '../../../../src-shared/exports/presets';
import { Button } from '../../components/Button';
import { useLang, useT } from '../../i18n/store';
import { builtInLabel, orderedPresets, presetInput, presetNamed, type ExportChoice } from './export-choice';
import { usePresets } from './presets-store';

const KIND_LABELS: Record<DocumentKind, 'export.presetClientKind' | 'export.presetInternalKind'> = {
  client: 'export.presetClientKind',
  internal: 'export.presetInternalKind',
};

/**
 * Saves the current choice as a preset: its name (a saved preset of the same name is replaced, and
 * the form says so) and whether it makes client documents or the internal worksheet.
 */
function SavePresetForm({
  id,
  choice,
  initialName,
  off,
  onCancel,
  onSaved,
}: {
  /** The picker's id, which the form's own ids extend. */
  id: string;
  choice: ExportChoice;
  initialName: string;
  off: boolean;
  onCancel: () => void;
  onSaved: (preset: ExportPreset) => void;
}) {
  const t = useT();
  const list = usePresets((s) => s.list);
  const busy = usePresets((s) => s.busy);
  const [name, setName] = useState(initialName);
  const [kind, setKind] = useState<DocumentKind>(choice.kind);
  const [nameMissing, setNameMissing] = useState(false);
  const replaces = presetNamed(list, name);

  const save = async () => {
    if (off) return;
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    const saved = await usePresets.getState().save(presetInput(choice, name, kind));
    // The service answers with the list, the new preset marked as the last one used.
    const preset = saved?.presets.find((p) => p.id === saved.lastUsed);
    if (!preset) return;
    onSaved(preset);
  };

  // Enter in the name saves the preset; it must not submit the dialog (that would export).
  const onNameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save();
  };

  return (
    <div className="export-preset-save" role="group" aria-labelledby={`${id}-save-title`}>
      <h3 id={`${id}-save-title`} className="export-subtitle">
        {t('export.savePreset')}
      </h3>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('export.presetName')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={60}
          autoFocus
          aria-invalid={nameMissing && !name.trim() ? true : undefined}
          aria-describedby={replaces ? `${id}-taken` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onNameKey}
          data-testid="preset-name"
        />
        {replaces && (
          <div id={`${id}-taken`} className="field-hint" data-testid="preset-name-taken">
            {t('export.presetNameTaken')}
          </div>
        )}
        {nameMissing && !name.trim() && (
          <div className="field-error" data-testid="preset-name-missing">
            {t('export.presetNameMissing')}
          </div>
        )}
      </div>
      <div className="export-kinds" role="radiogroup" aria-label={t('export.presetKind')}>
        {(['client', 'internal'] as const).map((k) => (
          <label key={k} className="export-choice">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              data-testid={`preset-kind-${k}`}
            />
            {t(KIND_LABELS[k])}
          </label>
        ))}
      </div>
      <div className="export-preset-actions">
        <Button size="sm" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" variant="primary" onClick={() => void save()} busy={busy} data-testid="preset-save">
          {t('export.presetSave')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The preset of an export: the client quote, the internal worksheet, then the workspace's saved
 * ones. The current choice can be saved as a new preset (or replace one of the same name), and a
 * saved preset deleted.
 */
export function ExportPresetPicker({
  choice,
  disabled,
  onPick,
}: {
  choice: ExportChoice;
  disabled: boolean;
  /** A preset was chosen, saved or deleted: the dialog takes over its settings. */
  onPick: (preset: ExportPreset) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const list = usePresets((s) => s.list);
  const busy = usePresets((s) => s.busy);
  const [saving, setSaving] = useState(false);

  const presets = orderedPresets(list, lang);
  const current = presets.find((p) => p.id === choice.presetId) ?? presets[0]!;
  const label = (p: ExportPreset) => {
    const key = builtInLabel(p);
    return key ? t(key) : p.name;
  };
  const hint =
    current.id === QUOTE_PRESET_ID
      ? t('export.presetQuoteHint')
      : current.id === INTERNAL_PRESET_ID
        ? t('export.presetInternalHint')
        : t(KIND_LABELS[current.kind]);
  const off = disabled || busy;

  const remove = async () => {
    if (off || isBuiltInPreset(current.id)) return;
    const after = await usePresets.getState().remove(current.id);
    const next = after?.presets.find((p) => p.id === QUOTE_PRESET_ID);
    if (next) onPick(next);
  };

  return (
    <fieldset className="export-group export-presets" disabled={disabled}>
      <legend>{t('export.preset')}</legend>
      <div className="export-preset-row">
        <select
          id={`${id}-preset`}
          className="select"
          aria-label={t('export.preset')}
          aria-describedby={`${id}-hint`}
          value={current.id}
          onChange={(e) => {
            const p = presets.find((x) => x.id === e.target.value);
            if (p) onPick(p);
          }}
          data-testid="export-preset"
          data-autofocus
        >
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {label(p)}
            </option>
          ))}
        </select>
        {!isBuiltInPreset(current.id) && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void remove()}
            disabled={off}
            data-testid="preset-delete"
          >
            {t('export.presetDelete')}
          </Button>
        )}
        <span className="export-preset-spacer" />
        {!saving && (
          <Button size="sm" onClick={() => setSaving(true)} disabled={off} data-testid="preset-save-open">
            {t('export.savePreset')}
          </Button>
        )}
      </div>
      <p
        id={`${id}-hint`}
        className={`export-preset-hint is-${current.kind}`}
        data-testid="export-preset-hint"
      >
        {hint}
      </p>

      {saving && (
        <SavePresetForm
          id={id}
          choice={choice}
          initialName={isBuiltInPreset(current.id) ? '' : current.name}
          off={off}
          onCancel={() => setSaving(false)}
          onSaved={(preset) => {
            setSaving(false);
            onPick(preset);
          }}
        />
      )}
    </fieldset>
  );
}
