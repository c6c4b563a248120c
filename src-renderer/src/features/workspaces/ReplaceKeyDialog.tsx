import { useRef, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useT } from '../../i18n/store';
import { useWorkspaces } from './store';
import type { WorkspaceMeta } from '../../../../src-shared/workspaces/types';

/** Asks for a new key when the service refuses the stored one; nothing else about the workspace changes. */
export function ReplaceKeyDialog({ workspace }: { workspace: WorkspaceMeta }) {
  const t = useT();
  const replaceKey = useWorkspaces((s) => s.replaceKey);
  const defer = useWorkspaces((s) => s.deferKeyDialog);
  const [key, setKey] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    if (!key.trim()) {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const res = await replaceKey(workspace.id, key.trim());
    setBusy(false);
    if (res.ok) return; // the store closes the dialog
    setError(res.error);
    setKey('');
    inputRef.current?.focus();
  };

  return (
    <Dialog
      title={t('replaceKey.title')}
      onClose={defer}
      onSubmit={() => void submit()}
      busy={busy}
      size="sm"
      testId="replace-key-dialog"
      error={error ? <ErrorMessage error={error} /> : null}
      footer={
        <>
          <span className="dialog-status" role="status">
            {busy ? t('replaceKey.checking') : ''}
          </span>
          <Button onClick={defer} disabled={busy}>
            {t('replaceKey.later')}
          </Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="rk-submit">
            {t('replaceKey.submit')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{t('replaceKey.body', { name: workspace.name })}</strong>
      </p>
      <p className="dialog-intro">{t('replaceKey.explain')}</p>
      <Field
        label={t('replaceKey.key')}
        name="key"
        error={missing && !key.trim() ? t('addWorkspace.errKey') : null}
      >
        {(p) => (
          <input
            {...p}
            ref={inputRef}
            name="key"
            type="password"
            className="input"
            data-testid="rk-key"
            maxLength={500}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        )}
      </Field>
    </Dialog>
  );
}
