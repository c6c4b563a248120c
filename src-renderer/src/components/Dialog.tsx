import { useEffect, useId, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n/store';
import './Dialog.css';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  /** An error for the whole dialog, shown at its top. */
  error?: ReactNode;
  /** Given: the body is a form, and Enter in a field submits it. */
  onSubmit?: () => void;
  /** While busy, Escape and the close button do nothing. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A centred modal on a backdrop, built on the native <dialog> (showModal): the page behind is
 * inert, focus stays inside and returns where it was on close. Escape closes; clicking the backdrop
 * does not, so typed data is never lost by a stray click.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  error,
  onSubmit,
  busy = false,
  size = 'md',
  testId,
  role = 'dialog',
}: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let unmounting = false;
    if (!el.open) el.showModal();
    // Start in the field (or button) marked data-autofocus, else the first field; not the × button.
    const first =
      el.querySelector<HTMLElement>('[data-autofocus]') ??
      el.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      );
    first?.focus();
    // The browser may close a modal by itself (a repeated Escape): treat that as a close request.
    const onNativeClose = () => {
      if (!unmounting) latest.current.onClose();
    };
    el.addEventListener('close', onNativeClose);
    return () => {
      unmounting = true;
      el.removeEventListener('close', onNativeClose);
      if (el.open) el.close();
    };
  }, []);

  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit?.();
  };

  const content = (
    <>
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <button
          type="button"
          className="dialog-close"
          onClick={requestClose}
          aria-label={t('common.close')}
          title={t('common.close')}
          disabled={busy}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="dialog-body">
        {error && (
          <div className="dialog-error" role="alert" data-testid="dialog-error">
            {error}
          </div>
        )}
        {children}
      </div>
      {footer && <div className="dialog-footer">{footer}</div>}
    </>
  );

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          requestClose();
        }
      }}
    >
      {onSubmit ? (
        <form className="dialog-form" onSubmit={submit} noValidate>
          {content}
        </form>
      ) : (
        <div className="dialog-form">{content}</div>
      )}
    </dialog>
  );
}
