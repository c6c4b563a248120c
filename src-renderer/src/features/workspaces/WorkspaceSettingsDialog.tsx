import { type ReactNode } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { ErrorLines } from '../../components/ErrorLines';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useWorkspaceSettings, type SettingsBusy } from './use-workspace-settings';

const PLACEHOLDER = 'https://…';

/** The dialog's top error: the settings could not be read, or the save failed (with the service's other lines). */
function TopError({
  loadError,
  error,
  extra,
}: {
  loadError: ErrorValue | null;
  error: ErrorValue | null;
  extra: string[];
}): ReactNode {
  const lang = useLang();
  if (loadError) return describeError(loadError, lang);
  if (!error) return null;
  return (
    <>
      {describeError(error, lang)}
      <ErrorLines lines={extra} />
    </>
  );
}

/** "Loading…", "Saved", "Cleared" beside the dialog's buttons. */
function SettingsStatus({ busy, saved }: { busy: SettingsBusy; saved: 'saved' | 'cleared' | null }) {
  const t = useT();
  return (
    <span className="dialog-status" role="status" data-testid="settings-status">
      {busy === 'load'
        ? t('settings.loading')
        : saved === 'saved'
          ? t('settings.saved')
          : saved === 'cleared'
            ? t('settings.cleared')
            : ''}
    </span>
  );
}

/**
 * The active workspace's settings in the service: its name and the webhook address the service
 * posts "Project Updated" to after a Custom Export. https only; Clear removes it. Also the way to
 * what PlanDesk keeps on this computer (offline storage), which works without the service.
 */
export function WorkspaceSettingsDialog({
  onClose,
  onOpenStorage,
}: {
  onClose: () => void;
  onOpenStorage?: () => void;
}) {
  const t = useT();
  const s = useWorkspaceSettings(onClose);
  const { settings, busy, writing, requestClose } = s;
  const topError =
    s.loadError || s.error ? <TopError loadError={s.loadError} error={s.error} extra={s.extra} /> : null;

  return (
    <Dialog
      title={t('settings.title')}
      onClose={requestClose}
      onSubmit={() => void s.save(s.url)}
      error={topError}
      testId="settings-dialog"
      footer={
        <>
          <SettingsStatus busy={busy} saved={s.saved} />
          {s.loadError && (
            <Button onClick={s.reload} disabled={busy !== null}>
              {t('common.retry')}
            </Button>
          )}
          {onOpenStorage && (
            <Button onClick={onOpenStorage} disabled={writing} data-testid="open-storage">
              {t('storage.open')}
            </Button>
          )}
          <Button onClick={requestClose}>{t('common.close')}</Button>
        </>
      }
    >
      <dl className="settings-facts">
        <dt>{t('settings.workspaceName')}</dt>
        <dd data-testid="settings-workspace-name">{settings?.name ?? (busy === 'load' ? '…' : '—')}</dd>
      </dl>
      <p className="dialog-intro">{t('settings.webhookExplain')}</p>
      <Field
        label={t('settings.webhookUrl')}
        name="webhook-url"
        error={s.clientError ? t(s.clientError) : s.fieldError}
        hint={t('settings.webhookHint')}
      >
        {(p) => (
          <div className="settings-webhook-row">
            <input
              {...p}
              ref={s.inputRef}
              name="webhookUrl"
              type="url"
              className="input"
              data-testid="webhook-url"
              maxLength={2000}
              placeholder={PLACEHOLDER}
              value={s.url}
              onChange={(e) => s.setUrl(e.target.value)}
              disabled={busy === 'load' || !settings}
              readOnly={writing}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
            <Button
              type="submit"
              variant="primary"
              busy={busy === 'save'}
              disabled={busy !== null || !settings}
              data-testid="webhook-save"
            >
              {t('settings.save')}
            </Button>
            <Button
              onClick={() => void s.save(null)}
              busy={busy === 'clear'}
              disabled={busy !== null || !settings || !settings.webhookUrl}
              data-testid="webhook-clear"
            >
              {t('settings.clear')}
            </Button>
          </div>
        )}
      </Field>
    </Dialog>
  );
}
