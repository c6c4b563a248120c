import { useId, useState } from 'react';
import { useT } from '../../i18n/store';

/** Texts longer than this (or with more lines) start collapsed to a few lines. */
const LONG_CHARS = 320;
const LONG_LINES = 4;

/** The estimate's opening or closing statement, as written (line breaks kept); long ones fold. */
export function Statement({ title, text, testId }: { title: string; text: string; testId: string }) {
  const t = useT();
  const id = useId();
  const long = text.length > LONG_CHARS || text.split(/\r?\n/).length > LONG_LINES;
  const [open, setOpen] = useState(false);
  const folded = long && !open;
  return (
    <section className="estimate-statement" data-testid={testId} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="estimate-section-title">
        {title}
      </h2>
      <div id={`${id}-text`} className={`estimate-statement-text${folded ? ' is-folded' : ''}`}>
        {text}
      </div>
      {long && (
        <button
          type="button"
          className="link-button estimate-statement-toggle"
          aria-expanded={open}
          aria-controls={`${id}-text`}
          onClick={() => setOpen((o) => !o)}
          data-testid={`${testId}-toggle`}
        >
          {open ? t('estimate.showLess') : t('estimate.showMore')}
        </button>
      )}
    </section>
  );
}
