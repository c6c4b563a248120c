import { useShallow } from 'zustand/react/shallow';
import { Badge } from '../../components/Badge';
import { useMenu } from '../../components/use-menu';
import { useT } from '../../i18n/store';
import { selectActiveWorkspace, useWorkspaces } from './store';
import './workspaces.css';
import type { WorkspaceMeta } from '../../../../src-shared/workspaces/types';

export interface WorkspaceSwitcherProps {
  onRemove: (workspace: WorkspaceMeta) => void;
}

/** The header's workspace menu: shows the active one, switches, removes (adding is the header's button). */
export function WorkspaceSwitcher({ onRemove }: WorkspaceSwitcherProps) {
  const t = useT();
  const { workspaces, activeId, busy, switchTo } = useWorkspaces(
    useShallow((s) => ({
      workspaces: s.workspaces,
      activeId: s.activeId,
      busy: s.busy,
      switchTo: s.switchTo,
    })),
  );
  const active = useWorkspaces(selectActiveWorkspace);
  // Opens on the active entry.
  const { open, setOpen, close, rootRef, buttonRef, menuRef, onMenuKey, onButtonKey } = useMenu({
    itemSelector: '[role^="menuitem"]:not(:disabled)',
    initialFocusSelector: '[aria-checked="true"]',
  });

  const choose = (id: string) => {
    close(true);
    void switchTo(id);
  };

  return (
    <div className="ws-switcher" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="ws-switcher-button"
        data-testid="workspace-switcher"
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('header.switchWorkspace')}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        <span className="ws-switcher-caption">{t('workspaces.active')}</span>
        <span className="ws-switcher-name" title={active?.name}>
          {active?.name ?? '—'}
        </span>
        {active?.demo && <Badge tone="demo">{t('common.demo')}</Badge>}
        {active?.needsKey && <Badge tone="warning">{t('workspaces.keyNeeded')}</Badge>}
        <span className="ws-switcher-caret" aria-hidden="true" />
        {/* Its name says what it does, apart from the header's other workspace controls. */}
        <span className="sr-only">{t('header.switchWorkspace')}</span>
      </button>
      {open && (
        <div
          className="ws-menu"
          role="menu"
          aria-label={t('workspaces.menuLabel')}
          ref={menuRef}
          onKeyDown={onMenuKey}
        >
          {workspaces.map((w) => (
            <button
              key={w.id}
              type="button"
              role="menuitemradio"
              aria-checked={w.id === activeId}
              className={`ws-option${w.id === activeId ? ' ws-option-active' : ''}`}
              data-testid={`workspace-option-${w.id}`}
              data-active={w.id === activeId ? 'true' : 'false'}
              tabIndex={-1}
              onClick={() => (w.id === activeId ? close(true) : choose(w.id))}
            >
              <span className="ws-option-check" aria-hidden="true" />
              <span className="ws-option-text">
                <span className="ws-option-name">
                  {w.name}
                  {w.demo && <Badge tone="demo">{t('common.demo')}</Badge>}
                  {w.needsKey && <Badge tone="warning">{t('workspaces.keyNeeded')}</Badge>}
                </span>
                {!w.demo && (
                  <span className="ws-option-sub">{t('workspaces.customer', { customer: w.customer })}</span>
                )}
              </span>
            </button>
          ))}
          {active && !active.demo && <div className="ws-menu-sep" role="separator" />}
          {active && !active.demo && (
            <button
              type="button"
              role="menuitem"
              className="ws-action ws-action-danger"
              data-testid="remove-workspace"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onRemove(active);
              }}
            >
              {t('workspaces.remove', { name: active.name })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
