import { useEffect, useRef, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call } from '../../api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { describeError } from '../../errors/describe-error';
import { mapFieldErrors } from '../../errors/field-errors';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { checkWebhookUrl, WEBHOOK_FIELD_MAP } from './webhook';
import type { WorkspaceSettings } from '../../../../src-shared/workspaces/types';

const PLACEHOLDER = 'https://…';

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
  const lang = useLang();
  const [settings, setSettings] = useState<WorkspaceSettings | null>(null);
  const [loadError, setLoadError] = useState<ErrorValue | null>(null);
  const [url, setUrl] = useState('');
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [extra, setExtra] = useState<string[]>([]);
  const [busy, setBusy] = useState<'load' | 'save' | 'clear' | null>('load');
  const [saved, setSaved] = useState<'saved' | 'cleared' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Close was asked for while saving: close once the save succeeded (a failure stays on screen). */
  const closeWhenSaved = useRef(false);
  const writing = busy === 'save' || busy === 'clear';

  const [attempt, setAttempt] = useState(0);

  // Read the settings when the dialog opens (it is remounted for another workspace) and on Retry.
  useEffect(() => {
    let live = true;
    void call((api) => api.getWorkspaceSettings()).then((res) => {
      if (!live) return;
      setBusy(null);
      if (res.ok) {
        setSettings(res.data);
        setUrl(res.data.webhookUrl ?? '');
      } else {
        setLoadError(res.error);
      }
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const reload = () => {
    setBusy('load');
    setLoadError(null);
    setAttempt((n) => n + 1);
  };

  const save = async (value: string | null) => {
    if (busy) return;
    setSaved(null);
    setError(null);
    setExtra([]);
    setFieldError(null);
    if (value !== null) {
      const problem = checkWebhookUrl(value);
      setClientError(problem);
      if (problem) return;
    } else {
      setClientError(null);
    }
    setBusy(value === null ? 'clear' : 'save');
    const res = await call((api) => api.setWebhookUrl({ url: value === null ? null : value.trim() }));
    setBusy(null);
    if (res.ok) {
      if (closeWhenSaved.current) {
        onClose();
        return;
      }
      setSettings(res.data);
      setUrl(res.data.webhookUrl ?? '');
      setSaved(res.data.webhookUrl ? 'saved' : 'cleared');
      // The button pressed may now be disabled (Clear): keep the focus in the dialog.
      inputRef.current?.focus();
      return;
    }
    closeWhenSaved.current = false;
    // The user declined main's confirmation (the address would receive the key): nothing changed.
    if (res.error.kind === 'cancelled') return;
    if (res.error.kind === 'validation' && res.error.fieldErrors) {
      const { fields, unmatched } = mapFieldErrors(res.error, WEBHOOK_FIELD_MAP);
      setFieldError(fields.webhookUrl ?? null);
      setExtra(unmatched);
      if (!fields.webhookUrl) setError(res.error);
    } else {
      setError(res.error);
    }
  };

  const requestClose = () => {
    if (writing) closeWhenSaved.current = true;
    else onClose();
  };

  const shownFieldError = clientError ? t(clientError) : fieldError;
  const topError = loadError ? (
    describeError(loadError, lang)
  ) : error ? (
    <>
      {describeError(error, lang)}
      {extra.length > 0 && (
        <ul className="error-list">
          {extra.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  ) : null;

  return (
    <Dialog
      title={t('settings.title')}
      onClose={requestClose}
      onSubmit={() => void save(url)}
      error={topError}
      testId="settings-dialog"
      footer={
        <>
          <span className="dialog-status" role="status" data-testid="settings-status">
            {busy === 'load'
              ? t('settings.loading')
              : saved === 'saved'
                ? t('settings.saved')
                : saved === 'cleared'
                  ? t('settings.cleared')
                  : ''}
          </span>
          {loadError && (
            <Button onClick={reload} disabled={busy !== null}>
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
        error={shownFieldError}
        hint={t('settings.webhookHint')}
      >
        {(p) => (
          <div className="settings-webhook-row">
            <input
              {...p}
              ref={inputRef}
              name="webhookUrl"
              type="url"
              className="input"
              data-testid="webhook-url"
              maxLength={2000}
              placeholder={PLACEHOLDER}
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setClientError(null);
                setFieldError(null);
                setSaved(null);
              }}
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
              onClick={() => void save(null)}
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
