import type { ReactNode } from 'react';
import { useT } from '../i18n/store';
import './Notice.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a Dismiss button; the notice stays until the user presses it. */
  onDismiss?: () => void;
  actions?: ReactNode;
  testId?: string;
  className?: string;
}

/** A message in the page: errors are announced at once (role=alert), the rest politely. */
export function Notice({
  tone = 'info',
  title,
  children,
  onDismiss,
  actions,
  testId,
  className,
}: NoticeProps) {
  const t = useT();
  return (
    <div
      className={`notice notice-${tone}${className ? ` ${className}` : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span className="notice-icon" aria-hidden="true" />
      <div className="notice-body">
        {title && <div className="notice-title">{title}</div>}
        {children && <div className="notice-text">{children}</div>}
      </div>
      {(actions || onDismiss) && (
        <div className="notice-actions">
          {actions}
          {onDismiss && (
            <button type="button" className="notice-dismiss" onClick={onDismiss}>
              {t('common.dismiss')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
