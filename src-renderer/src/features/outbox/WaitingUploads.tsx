import { useState } from 'react';
import { NEEDS_FILE_AGAIN, type OutboxEntryView } from '../../../../src-shared/outbox/types';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { ProgressBar } from '../../components/ProgressBar';
import { describeError } from '../../errors/describe-error';
import { formatDateTime } from '../../i18n/format';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { formatFileSize, uploadProgressParts } from '../files/file-size';
import { useOutbox, useProjectOutbox } from './store';
import './outbox.css';

/** What the user reads for one waiting upload: its state, and why when it is held. */
function StateText({ entry }: { entry: OutboxEntryView }) {
  const t = useT();
  const lang = useLang();
  if (entry.state === 'sending') {
    const parts = uploadProgressParts(entry.sent ?? 0, entry.size, lang);
    const text = t('outbox.sending', { percent: parts.percent ?? '' });
    return (
      <div className="outbox-state">
        <span>{text}</span>
        <ProgressBar value={parts.fraction} label={entry.name} valueText={text} />
      </div>
    );
  }
  if (entry.state === 'checking') {
    return (
      <span className="outbox-state" title={t('outbox.checkingHint')}>
        {t('outbox.checking')}
      </span>
    );
  }
  if (entry.state === 'held' && entry.problem) {
    return (
      <div className="outbox-state is-held">
        <strong>{t('outbox.held')}</strong>
        <span>{t(`outbox.problem.${entry.problem}` as MessageKey)}</span>
        {entry.detail && (
          <span className="outbox-detail">{t('outbox.serviceSaid', { message: entry.detail })}</span>
        )}
      </div>
    );
  }
  return (
    <span className="outbox-state">
      {entry.problem === 'service-busy' && entry.nextTryAt
        ? t('outbox.waitingRetry', { time: formatDateTime(entry.nextTryAt, lang) })
        : t('outbox.waiting')}
    </span>
  );
}

/**
 * The project's uploads waiting in the outbox, above its files: name, size, state (waiting, being
 * sent with its share, checking whether a cut-off upload arrived, held and why), Upload now or
 * Retry, Choose file again (its copy is gone or damaged), and Remove (Cancel while it is being sent).
 */
export function WaitingUploads({ projectId }: { projectId: string }) {
  const t = useT();
  const lang = useLang();
  const entries = useProjectOutbox(projectId);
  const busy = useOutbox((s) => s.busy);
  const error = useOutbox((s) => s.error);
  const [removing, setRemoving] = useState<OutboxEntryView | null>(null);
  const store = useOutbox.getState;
  if (entries.length === 0) return null;

  return (
    <section className="outbox" aria-labelledby="outbox-title" data-testid="outbox">
      <h2 id="outbox-title" className="outbox-title">
        {t('outbox.title')}
      </h2>
      {error && (
        <Notice tone="error" onDismiss={() => store().dismissError()}>
          {describeError(error, lang)}
        </Notice>
      )}
      <table className="outbox-table" aria-label={t('outbox.tableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('outbox.colName')}</th>
            <th scope="col" className="is-number">
              {t('outbox.colSize')}
            </th>
            <th scope="col">{t('outbox.colState')}</th>
            <th scope="col">{t('outbox.colActions')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className={`outbox-row is-${entry.state}`}
              data-testid={`outbox-row-${entry.id}`}
              data-state={entry.state}
              data-problem={entry.problem ?? ''}
            >
              <td className="outbox-name">{entry.name}</td>
              <td className="is-number">{formatFileSize(entry.size, lang)}</td>
              <td>
                <StateText entry={entry} />
              </td>
              <td className="outbox-actions">
                {entry.state === 'held' && entry.problem && NEEDS_FILE_AGAIN.includes(entry.problem) && (
                  <Button
                    size="sm"
                    onClick={() => void store().chooseAgain(entry.id)}
                    busy={busy[entry.id] === 'choose'}
                    data-testid={`outbox-choose-${entry.id}`}
                  >
                    {t('outbox.chooseAgain')}
                  </Button>
                )}
                {entry.state !== 'sending' && (
                  <Button
                    size="sm"
                    onClick={() => void store().retry(entry.id)}
                    busy={busy[entry.id] === 'retry'}
                    data-testid={`outbox-retry-${entry.id}`}
                  >
                    {entry.state === 'held' ? t('outbox.retry') : t('outbox.uploadNow')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setRemoving(entry)}
                  busy={busy[entry.id] === 'remove'}
                  data-testid={`outbox-remove-${entry.id}`}
                >
                  {entry.state === 'sending' ? t('outbox.cancel') : t('outbox.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing && (
        <ConfirmDialog
          title={t('outbox.removeTitle', { name: removing.name })}
          confirmLabel={t('outbox.removeConfirm')}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const problem = await store().remove(removing.id);
            return problem ? describeError(problem, lang) : null;
          }}
        >
          <p>{t('outbox.removeBody')}</p>
          {removing.state === 'checking' && <p>{t('outbox.removeChecking')}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}
