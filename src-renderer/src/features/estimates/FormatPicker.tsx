import { useId } from 'react';
import { useT } from '../../i18n/store';

export type DocumentFormat = 'xlsx' | 'pdf';

/** File format names are the same in every language. */
const FORMATS: { value: DocumentFormat; label: string }[] = [
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'pdf', label: 'PDF' },
];

/** Excel or PDF, for an export. */
export function FormatPicker({
  format,
  disabled,
  onChange,
}: {
  format: DocumentFormat;
  disabled: boolean;
  onChange: (format: DocumentFormat) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="export-group" disabled={disabled}>
      <legend>{t('export.format')}</legend>
      <div className="export-formats">
        {FORMATS.map((f) => (
          <label key={f.value} className="export-choice">
            <input
              type="radio"
              name={`${id}-format`}
              value={f.value}
              checked={format === f.value}
              onChange={() => onChange(f.value)}
              data-testid={`export-format-${f.value}`}
            />
            {f.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
