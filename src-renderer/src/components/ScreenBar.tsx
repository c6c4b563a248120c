import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a screen's bar shows under itself, given by the frame the screen is in: a project's screens
 * get the project's tabs there.
 */
export const ScreenBarBelow = createContext<ReactNode>(null);

export interface ScreenBarProps {
  back: { label: string; onClick: () => void; testId: string };
  /** The title block: usually a ScreenTitle. */
  heading: ReactNode;
  /** Buttons at the right end of the bar. */
  actions?: ReactNode;
}

/** The bar at the top of every screen below the projects list: back link, title, actions. */
export function ScreenBar({ back, heading, actions }: ScreenBarProps) {
  const below = useContext(ScreenBarBelow);
  return (
    <>
      <div className="screen-bar">
        <button type="button" className="back-link" onClick={back.onClick} data-testid={back.testId}>
          {back.label}
        </button>
        <div className="screen-heading">{heading}</div>
        <div className="screen-bar-spacer" />
        {actions}
      </div>
      {below}
    </>
  );
}

/**
 * A screen's title with the project it belongs to beside it. The title is the screen's name and is
 * never shortened; the project's name gives way (its whole text is in its tooltip).
 */
export function ScreenTitle({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <>
      <h1 id={id} className="screen-title screen-title-label">
        {title}
      </h1>
      <span className="screen-subtitle" title={subtitle}>
        {subtitle}
      </span>
    </>
  );
}
