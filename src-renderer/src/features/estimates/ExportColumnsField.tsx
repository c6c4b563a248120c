import { useId } from 'react';
import { useT } from '../../i18n/store';
import { columnLabel, EXPORT_COLUMN_KEYS } from './columns';
import { columnLocked, toggleColumn, type ExportChoice } from './export-choice';

/**
 * The export dialog's columns: one checkbox per column of the column table, the internal ones locked
 * (and saying why) in a document for a client.
 */
export function ExportColumnsField({
  choice,
  disabled,
  onChange,
}: {
  choice: ExportChoice;
  disabled: boolean;
  onChange: (choice: ExportChoice) => void;
}) {
  const t = useT();
  const lockedHintId = `${useId()}-locked`;
  return (
    <fieldset className="export-group" disabled={disabled}>
      <legend>{t('export.columns')}</legend>
      <div className="export-columns">
        {EXPORT_COLUMN_KEYS.map((key) => {
          const locked = columnLocked(choice.kind, key);
          return (
            <label
              key={key}
              className={`export-choice${locked ? ' is-locked' : ''}`}
              title={locked ? t('export.internalLocked') : undefined}
            >
              <input
                type="checkbox"
                checked={choice.columns.includes(key)}
                disabled={locked}
                aria-describedby={locked ? lockedHintId : undefined}
                onChange={() => onChange(toggleColumn(choice, key))}
                data-testid={`export-column-${key}`}
              />
              {t(columnLabel(key))}
            </label>
          );
        })}
      </div>
      {choice.kind === 'client' && (
        <p id={lockedHintId} className="export-locked-hint" data-testid="export-internal-locked">
          {t('export.internalLocked')}
        </p>
      )}
    </fieldset>
  );
}
