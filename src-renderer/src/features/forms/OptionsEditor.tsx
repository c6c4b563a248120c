import { useState } from 'react';
import { useT } from '../../i18n/store';

/** Choices of a question, one per line. */
export function OptionsEditor({
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
