import { useEffect, useState } from 'react';
import { useT } from '../i18n/store';
import { Button } from './Button';
import './CopyButton.css';

/**
 * Copies text with the page's own selection and copy command: the window holds no clipboard
 * permission (see window-security.ts), and a copy the user asked for with a click needs none.
 */
export function copyText(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'copy-scratch';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  field.remove();
  focused?.focus();
  return copied;
}

/** A small "Copy" button that says "Copied" for a moment (announced to screen readers). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="copy-button"
        onClick={() => setState(copyText(text) ? 'copied' : 'failed')}
        aria-label={label}
        title={label}
        data-testid={testId}
      >
        {state === 'copied' ? t('plainProject.copied') : t('plainProject.copy')}
      </Button>
      <span className="sr-only" role="status">
        {state === 'copied'
          ? t('plainProject.copied')
          : state === 'failed'
            ? t('plainProject.copyFailed')
            : ''}
      </span>
    </>
  );
}
