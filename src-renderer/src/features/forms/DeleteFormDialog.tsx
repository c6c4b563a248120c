import { useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useForms } from './store';

/**
 * Deleting a form is permanent, and its data may disappear from users' projects at their next sync:
 * the user types the form's name to confirm.
 */
export function DeleteFormDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorValue | null>(null);
  const matches = typed === name;

  const confirm = async () => {
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    const problem = await useForms.getState().remove(id);
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };

  return (
    <Dialog
      title={t('forms.deleteTitle')}
      onClose={onClose}
      onSubmit={() => void confirm()}
      busy={busy}
      role="alertdialog"
      error={error ? describeError(error, lang) : null}
      testId="delete-form-dialog"
      footer={
        <>
          <Button onClick={onClose} disabled={busy} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} disabled={!matches} data-testid="confirm-ok">
            {t('forms.deleteConfirm')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('forms.deleteBody', { name })}</p>
      <p className="dialog-intro delete-warning">{t('forms.deleteSync')}</p>
      <Field label={t('forms.deleteType', { name })} name="delete-name">
        {(p) => (
          <input
            {...p}
            className="input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="delete-form-name"
          />
        )}
      </Field>
    </Dialog>
  );
}
