import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { selectCurrentOperation, useOperations } from '../operations/store';
import { ThemeSelect } from '../appearance/ThemeSelect';
import { UpdatesToggle } from '../updates/UpdatesToggle';
import { selectActiveWorkspace, useWorkspaces } from '../workspaces/store';

/**
 * The bottom bar: the active workspace on the left, the running long operation with Cancel on the
 * right, then the version and the automatic-updates setting.
 */
export function StatusBar() {
  const t = useT();
  const lang = useLang();
  const active = useWorkspaces(selectActiveWorkspace);
  const op = useOperations(selectCurrentOperation);
  const cancel = useOperations((s) => s.cancel);

  let valueText = '';
  if (op) {
    const done = formatNumber(op.done, lang);
    valueText =
      op.total !== null
        ? t('progress.count', { done, total: formatNumber(op.total, lang) })
        : op.done > 0
          ? t('progress.countUnknown', { done })
          : '';
  }
  const fraction = op && op.total ? op.done / op.total : null;

  return (
    <footer className="statusbar">
      <div className="statusbar-left">
        {active && (
          <span>
            {active.name}
            {!active.demo && (
              <span className="statusbar-muted">
                {' '}
                · {t('workspaces.customer', { customer: active.customer })}
              </span>
            )}
          </span>
        )}
      </div>
      <div className="statusbar-right" aria-live="polite">
        {op && (
          <div className="statusbar-progress" data-testid="progress-bar" data-operation-id={op.id}>
            <span className="statusbar-progress-label">{t(op.label)}</span>
            <ProgressBar value={fraction} label={t(op.label)} valueText={valueText || undefined} />
            {valueText && <span className="statusbar-muted">{valueText}</span>}
            <Button
              size="sm"
              onClick={() => void cancel(op.id)}
              busy={op.cancelling}
              data-testid="progress-cancel"
            >
              {t('progress.cancel')}
            </Button>
          </div>
        )}
      </div>
      <ThemeSelect />
      <UpdatesToggle />
    </footer>
  );
}
