import { useState } from 'react';
import type { WorkspaceStorage } from '../../../../src-shared/offline/types';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { describeError } from '../../errors/describe-error';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { formatFileSize } from '../files/file-size';
import { useNavigation } from '../navigation/store';
import { useStorage } from './store';
import './storage.css';

const MIN_MB = 50;
const MAX_MB = 100_000;

function Figure({ label, bytes, testId }: { label: string; bytes: number; testId: string }) {
  const lang = useLang();
  return (
    <div className="storage-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatFileSize(bytes, lang) || '0'}</dd>
    </div>
  );
}

/** One workspace: its size on disk and parts, what is pinned, and "Clear cached data…". */
function WorkspaceCard({ ws }: { ws: WorkspaceStorage }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const busy = useStorage((s) => s.busy);
  const [clearing, setClearing] = useState(false);
  const [withPinned, setWithPinned] = useState(false);
  const store = useStorage.getState;

  return (
    <section className="storage-card" data-testid={`storage-ws-${ws.workspaceId}`} aria-label={ws.name}>
      <header className="storage-card-head">
        <h2 className="storage-card-title">{ws.name}</h2>
        {ws.demo && <Badge tone="demo">{t('common.demo')}</Badge>}
        <span className="storage-total" data-testid={`storage-total-${ws.workspaceId}`}>
          {t('storage.onDisk', { size: formatFileSize(ws.diskBytes, lang) || '0' })}
        </span>
        <Button
          size="sm"
          onClick={() => {
            setWithPinned(false);
            setClearing(true);
          }}
          disabled={busy !== null}
          busy={busy === `clear-${ws.workspaceId}`}
          data-testid={`storage-clear-${ws.workspaceId}`}
        >
          {t('storage.clear')}
        </Button>
      </header>
      {!ws.persistent && (
        <p className="storage-note">{ws.demo ? t('storage.demoInMemory') : t('storage.inMemory')}</p>
      )}
      <dl className="storage-figures">
        <Figure
          label={t('storage.pinnedBytes')}
          bytes={ws.pinnedBytes}
          testId={`storage-pinned-${ws.workspaceId}`}
        />
        <Figure
          label={t('storage.keptFilesBytes')}
          bytes={ws.keptFilesBytes}
          testId={`storage-kept-${ws.workspaceId}`}
        />
        <Figure
          label={t('storage.otherBytes')}
          bytes={ws.otherBytes}
          testId={`storage-other-${ws.workspaceId}`}
        />
        <Figure
          label={t('storage.versionsBytes')}
          bytes={ws.versionsBytes}
          testId={`storage-versions-${ws.workspaceId}`}
        />
      </dl>
      {ws.waitingUploads > 0 && (
        <p className="storage-waiting" data-testid={`storage-waiting-${ws.workspaceId}`}>
          {tp('storage.waiting', ws.waitingUploads, { size: formatFileSize(ws.waitingBytes, lang) })}
        </p>
      )}
      <h3 className="storage-subtitle">{t('storage.pinnedTitle')}</h3>
      {ws.pinned.length === 0 ? (
        <p className="storage-note">{t('storage.pinnedNone')}</p>
      ) : (
        <ul className="storage-pinned">
          {ws.pinned.map((p) => (
            <li key={p.projectId} data-testid={`storage-pin-${p.projectId}`}>
              <div className="storage-pin-text">
                <strong>{p.name || t('storage.unnamedProject', { id: p.projectId })}</strong>
                <span>
                  {[
                    t('storage.pinnedAt', { time: formatDateTime(p.fetchedAt, lang) }),
                    tp('offline.estimates', p.estimates),
                    tp('offline.images', p.images),
                    ...(p.keepFiles
                      ? [
                          `${tp('offline.keptFiles', p.keptFiles)} (${formatFileSize(p.keptBytes, lang) || '0'})`,
                        ]
                      : []),
                  ].join(' · ')}
                </span>
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void store().unpin(ws.workspaceId, p.projectId)}
                disabled={busy !== null}
                busy={busy === `unpin-${ws.workspaceId}-${p.projectId}`}
                data-testid={`storage-unpin-${p.projectId}`}
              >
                {t('storage.unpin')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {clearing && (
        <ConfirmDialog
          title={t('storage.clearTitle', { name: ws.name })}
          confirmLabel={t('storage.clearConfirm')}
          danger
          onClose={() => setClearing(false)}
          onConfirm={async () => {
            const problem = await store().clear(ws.workspaceId, withPinned);
            return problem ? describeError(problem, lang) : null;
          }}
        >
          <p>{t('storage.clearBody')}</p>
          <p>{t('storage.clearVersions')}</p>
          <label className="storage-check">
            <input
              type="checkbox"
              checked={withPinned}
              onChange={(e) => setWithPinned(e.target.checked)}
              data-testid="storage-clear-pinned"
            />
            {t('storage.clearPinned')}
          </label>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Settings › Offline storage: every workspace's offline data on this computer, and the budget. */
export function StorageScreen() {
  const t = useT();
  const lang = useLang();
  const report = useStorage((s) => s.report);
  const loading = useStorage((s) => s.loading);
  const error = useStorage((s) => s.error);
  const busy = useStorage((s) => s.busy);
  const budgetSaved = useStorage((s) => s.budgetSaved);
  /** What the user typed; null: the saved budget is shown. */
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const store = useStorage.getState;
  const budget = draft ?? (report ? String(report.budgetMb) : '');

  const saveBudget = async () => {
    const mb = Number(budget);
    const ok = Number.isInteger(mb) && mb >= MIN_MB && mb <= MAX_MB;
    setInvalid(!ok);
    if (!ok) return;
    await store().setBudget(mb);
    if (!useStorage.getState().error) setDraft(null);
  };

  return (
    <section className="screen storage-screen" aria-labelledby="storage-title" data-testid="storage-screen">
      <ScreenBar
        back={{
          label: t('storage.back'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'storage-back',
        }}
        heading={<ScreenTitle id="storage-title" title={t('storage.title')} subtitle="" />}
        actions={
          <Button size="sm" onClick={() => void store().load()} busy={loading} data-testid="storage-reload">
            {t('common.reload')}
          </Button>
        }
      />
      <div className="storage-body">
        <p className="storage-intro">{t('storage.intro')}</p>
        {error &&
          (report ? (
            <Notice tone="error" onDismiss={() => store().dismissError()} testId="storage-error">
              {describeError(error, lang)}
            </Notice>
          ) : (
            <ErrorNotice error={error} onRetry={() => void store().load()} testId="storage-error" />
          ))}
        {!report && loading && <p className="storage-note">{t('storage.loading')}</p>}
        {report && (
          <>
            <form
              className="storage-budget"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void saveBudget();
              }}
            >
              <Field
                label={t('storage.budget')}
                name="storage-budget"
                hint={t('storage.budgetHint')}
                error={invalid ? t('storage.budgetInvalid', { min: MIN_MB, max: MAX_MB }) : null}
              >
                {(p) => (
                  <div className="storage-budget-row">
                    <input
                      {...p}
                      className="input storage-budget-input"
                      type="number"
                      min={MIN_MB}
                      max={MAX_MB}
                      step={10}
                      value={budget}
                      onChange={(e) => {
                        setDraft(e.target.value);
                        setInvalid(false);
                      }}
                      data-testid="storage-budget"
                    />
                    <span>{t('storage.budgetUnit')}</span>
                    <Button type="submit" busy={busy === 'budget'} data-testid="storage-budget-save">
                      {t('storage.budgetSave')}
                    </Button>
                    {budgetSaved && (
                      <span className="storage-saved" role="status">
                        {t('storage.budgetSaved')}
                      </span>
                    )}
                  </div>
                )}
              </Field>
            </form>
            {report.workspaces.map((ws) => (
              <WorkspaceCard key={ws.workspaceId} ws={ws} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}
