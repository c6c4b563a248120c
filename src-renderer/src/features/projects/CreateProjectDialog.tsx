import { type ReactNode, type RefObject } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { ProjectRow } from '../../../../src-shared/projects/types';
import { ErrorLines } from '../../components/ErrorLines';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { formatDate } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useWorkspacePeople } from '../people/use-people';
import { CreateProjectFields } from './CreateProjectFields';
import { useProjects } from './store';
import { useCreateProject } from './use-create-project';
import type { DraftField } from './validation';

/** Projects that already have the external reference: open one of them, or create anyway. */
function DuplicateNotice({
  containerRef,
  duplicates,
  reference,
  chosen,
  onChoose,
  onOpen,
  onCreateAnyway,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  duplicates: readonly ProjectRow[];
  reference: string;
  chosen: string | null;
  onChoose: (id: string) => void;
  onOpen: () => void;
  onCreateAnyway: () => void;
}) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  return (
    <div ref={containerRef}>
      <Notice
        tone="warning"
        title={t('duplicate.title')}
        testId="duplicate-notice"
        className="duplicate-notice"
      >
        <p>{tp('duplicate.body', duplicates.length, { ref: reference })}</p>
        <div role="radiogroup" aria-label={t('duplicate.choose')} className="duplicate-list">
          {duplicates.map((p) => (
            <label key={p.id} className="duplicate-item" data-testid={`duplicate-${p.id}`}>
              {duplicates.length > 1 && (
                <input
                  type="radio"
                  name="duplicate"
                  value={p.id}
                  checked={chosen === p.id}
                  onChange={() => onChoose(p.id)}
                />
              )}
              <span className="duplicate-name">{p.name}</span>
              <span className="duplicate-meta mono">{p.externalReferenceId}</span>
              {p.created && <span className="duplicate-meta">{formatDate(p.created, lang)}</span>}
              {p.archived && <Badge tone="archived">{t('projects.archived')}</Badge>}
            </label>
          ))}
        </div>
        <div className="duplicate-actions">
          <Button variant="primary" onClick={onOpen} data-testid="open-existing">
            {t('duplicate.open')}
          </Button>
          <Button onClick={onCreateAnyway} data-testid="create-anyway">
            {t('duplicate.createAnyway')}
          </Button>
        </div>
      </Notice>
    </div>
  );
}

/** The dialog's top error: the service's (with its lines no field took), or "fix the fields". */
function TopError({
  error,
  extra,
  serviceFields,
}: {
  error: ErrorValue;
  extra: string[];
  /** The service named fields: their messages stand under them, not in this one. */
  serviceFields: boolean;
}): ReactNode {
  const lang = useLang();
  return (
    <>
      {error.kind === 'validation' && serviceFields
        ? describeError(error, lang, { withDetail: false })
        : describeError(error, lang)}
      <ErrorLines lines={extra} />
    </>
  );
}

/**
 * New project. Projects are metered, so a given external reference is looked up first and an
 * existing project with it is offered instead of silently creating a duplicate. The draft lives
 * in the projects store: closing the dialog loses nothing.
 */
export function CreateProjectDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const people = useWorkspacePeople();
  const { formRef, duplicatesRef, ...c } = useCreateProject(onClose);
  const { draft, phase, busy, error, duplicates, clientErrors, serviceErrors } = c;

  const fieldError = (field: DraftField) =>
    clientErrors[field] ? t(clientErrors[field]) : (serviceErrors[field] ?? null);

  const topError: ReactNode = error ? (
    <TopError error={error} extra={c.extra} serviceFields={Object.keys(serviceErrors).length > 0} />
  ) : Object.values(clientErrors).some(Boolean) ? (
    t('common.fixFields')
  ) : null;

  const status =
    phase === 'checking'
      ? t('create.checking')
      : phase === 'creating'
        ? t('create.creating')
        : t('create.metered');

  return (
    <Dialog
      title={t('create.title')}
      onClose={onClose}
      onSubmit={() => void c.submit()}
      busy={busy}
      error={topError}
      size="lg"
      testId="create-project-dialog"
      footer={
        <>
          <span className="dialog-status" role="status">
            {status}
          </span>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            disabled={phase === 'duplicates'}
            data-testid="cp-submit"
          >
            {t('create.submit')}
          </Button>
        </>
      }
    >
      {phase === 'duplicates' && duplicates.length > 0 && (
        <DuplicateNotice
          containerRef={duplicatesRef}
          duplicates={duplicates}
          reference={draft.ref.trim()}
          chosen={c.chosen}
          onChoose={c.setChosen}
          onOpen={c.openExisting}
          onCreateAnyway={c.createAnyway}
        />
      )}
      <div ref={formRef}>
        <CreateProjectFields
          draft={draft}
          busy={busy}
          people={people}
          fieldError={fieldError}
          onChange={c.change}
          onTeam={(teamId) => useProjects.getState().updateDraft({ teamId })}
        />
      </div>
    </Dialog>
  );
}
