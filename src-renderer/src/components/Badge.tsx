import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'demo' | 'archived' | 'warning' | 'accent' | 'success';

/**
 * A short word in a coloured box. With an `icon`, where a table has little room (`.badge-can-shrink`
 * inside a narrow container, see Badge.css) the word steps aside for the icon: it stays the badge's
 * accessible name and its tooltip, so a badge is never cut.
 */
export function Badge({
  tone = 'neutral',
  children,
  title,
  icon,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
  icon?: string;
}) {
  if (!icon) {
    return (
      <span className={`badge badge-${tone}`} title={title}>
        {children}
      </span>
    );
  }
  return (
    <span className={`badge badge-${tone} badge-can-shrink`} title={title}>
      <span className="badge-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="badge-text">{children}</span>
    </span>
  );
}
