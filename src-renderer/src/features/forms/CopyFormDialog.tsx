import { useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { CopyOutcome } from '../../../../src-shared/forms/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useWorkspaces } from '../workspaces/store';
import { useForms } from './store';

/**
 * Copies the form to other workspaces of the user. Main creates it in each through that
 * workspace's own key; the result is reported per workspace.
 */
export function CopyFormDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const all = useWorkspaces((s) => s.workspaces);
  const activeId = useWorkspaces((s) => s.activeId);
  const workspaces = all.filter((w) => w.id !== activeId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<CopyOutcome[] | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);

  const copy = async () => {
    if (busy || chosen.length === 0) return;
    setBusy(true);
    setError(null);
    const result = await useForms.getState().copyTo(id, chosen);
    setBusy(false);
    if (Array.isArray(result)) setOutcomes(result);
    else setError(result);
  };

  return (
    <Dialog
      title={t('forms.copyTitle', { name })}
      onClose={onClose}
      onSubmit={outcomes ? onClose : () => void copy()}
      busy={busy}
      error={error ? describeError(error, lang) : null}
      testId="copy-form-dialog"
      footer={
        outcomes ? (
          <Button type="submit" variant="primary" data-testid="copy-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="primary"
              busy={busy}
              disabled={chosen.length === 0}
              data-testid="copy-submit"
            >
              {t('forms.copySubmit')}
            </Button>
          </>
        )
      }
    >
      {outcomes ? (
        <ul className="copy-outcomes" data-testid="copy-outcomes">
          {outcomes.map((o) => (
            <li
              key={o.workspaceId}
              className={o.result.ok ? 'is-ok' : 'is-failed'}
              data-testid={`copy-outcome-${o.workspaceId}`}
            >
              <span className="copy-outcome-name">{o.workspaceName}</span>
              <span>
                {o.result.ok
                  ? t('forms.copyDone', { name: o.result.name })
                  : describeError(o.result.error, lang)}
              </span>
            </li>
          ))}
        </ul>
      ) : workspaces.length === 0 ? (
        <p className="dialog-intro" data-testid="copy-no-workspaces">
          {t('forms.copyNoWorkspaces')}
        </p>
      ) : (
        <>
          <p className="dialog-intro">{t('forms.copyIntro')}</p>
          <div className="copy-targets" role="group" aria-label={t('forms.copyTargets')}>
            {workspaces.map((w) => (
              <label key={w.id} className="copy-target" data-testid={`copy-target-${w.id}`}>
                <input
                  type="checkbox"
                  checked={chosen.includes(w.id)}
                  disabled={busy}
                  onChange={(e) =>
                    setChosen((c) => (e.target.checked ? [...c, w.id] : c.filter((x) => x !== w.id)))
                  }
                />
                <span>{w.name}</span>
                {w.demo && <span className="copy-target-note">{t('common.demo')}</span>}
                {w.needsKey && <span className="copy-target-note">{t('workspaces.keyNeeded')}</span>}
              </label>
            ))}
          </div>
        </>
      )}
    </Dialog>
  );
}
