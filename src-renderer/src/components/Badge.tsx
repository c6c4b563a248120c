import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'demo' | 'archived' | 'warning' | 'accent';

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
