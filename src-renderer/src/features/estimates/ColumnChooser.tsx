import { useMenu } from '../../components/use-menu';
import { useT } from '../../i18n/store';
import { columnLabel, FIXED_TREE_COLUMN, TREE_COLUMN_KEYS } from './columns';
import { useEstimates } from './store';

/** "Columns" menu over the tree: a checkbox per column; the choice is remembered. */
export function ColumnChooser() {
  const t = useT();
  const columns = useEstimates((s) => s.columns);
  const toggleColumn = useEstimates((s) => s.toggleColumn);
  const { open, setOpen, rootRef, buttonRef, menuRef, onMenuKey, onButtonKey } = useMenu({
    itemSelector: '[role="menuitemcheckbox"]:not(:disabled)',
  });

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
        onKeyDown={onButtonKey}
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
                {t(columnLabel(key))}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
