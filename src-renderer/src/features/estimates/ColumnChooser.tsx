import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/store';
import { COLUMN_LABEL, FIXED_TREE_COLUMN, TREE_COLUMN_KEYS } from './columns';
import { useEstimates } from './store';

/** "Columns" menu over the tree: a checkbox per column; the choice is remembered. */
export function ColumnChooser() {
  const t = useT();
  const columns = useEstimates((s) => s.columns);
  const toggleColumn = useEstimates((s) => s.toggleColumn);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // While open: focus the first option, close on a click anywhere else.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitemcheckbox"]:not(:disabled)')?.focus();
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemcheckbox"]:not(:disabled)') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (e.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next !== null && items.length > 0) {
      e.preventDefault();
      items[next]?.focus();
    }
  };

  return (
    <div className="column-chooser" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary btn-sm column-chooser-button"
        data-testid="column-chooser"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('estimate.columns')}
        <span className="column-chooser-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          className="column-menu"
          role="menu"
          aria-label={t('estimate.columnsMenu')}
          ref={menuRef}
          onKeyDown={onMenuKey}
        >
          {TREE_COLUMN_KEYS.map((key) => {
            const checked = columns.includes(key);
            const fixed = key === FIXED_TREE_COLUMN;
            return (
              <button
                key={key}
                type="button"
                role="menuitemcheckbox"
                aria-checked={checked}
                className="column-option"
                data-testid={`column-option-${key}`}
                data-checked={checked ? 'true' : 'false'}
                disabled={fixed}
                tabIndex={-1}
                onClick={() => toggleColumn(key)}
              >
                <span className="column-option-check" aria-hidden="true" />
                {t(COLUMN_LABEL[key])}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
