import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call } from '../../api';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field, type FieldControlProps } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { mapFieldErrors } from '../../errors/field-errors';
import { formatDate } from '../../i18n/format';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useWorkspacePeople } from '../people/use-people';
import { EmailPicker } from './EmailPicker';
import { useProjects } from './store';
import { DRAFT_FIELDS, PROJECT_FIELD_MAP, toNewProject, validateDraft, type DraftField } from './validation';
import type { ProjectRow } from '../../../../src-shared/projects/types';
import type { TeamView } from '../../../../src-shared/teams/types';

type Phase = 'edit' | 'checking' | 'duplicates' | 'creating';

/** The contract's limits (main refuses longer values). */
const MAX_LENGTH: Record<DraftField, number> = {
  name: 200,
  ref: 200,
  email: 200,
  street: 500,
  postal: 500,
  city: 500,
  country: 500,
};

/** Test ids of the form's inputs. */
const INPUT_IDS: Record<DraftField, string> = {
  name: 'cp-name',
  ref: 'cp-ref',
  email: 'cp-email',
  street: 'cp-street',
  postal: 'cp-postal',
  city: 'cp-city',
  country: 'cp-country',
};

/**
 * New project. Projects are metered, so a given external reference is looked up first and an
 * existing project with it is offered instead of silently creating a duplicate. The draft lives
 * in the projects store: closing the dialog loses nothing.
 */
export function CreateProjectDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const draft = useProjects((s) => s.draft);
  const [phase, setPhase] = useState<Phase>('edit');
  const [clientErrors, setClientErrors] = useState<Partial<Record<DraftField, MessageKey>>>({});
  const [serviceErrors, setServiceErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [error, setError] = useState<ErrorValue | null>(null);
  const [extra, setExtra] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<ProjectRow[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirmedRef, setConfirmedRef] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const duplicatesRef = useRef<HTMLDivElement>(null);
  const busy = phase === 'checking' || phase === 'creating';
  const store = useProjects.getState;
  const people = useWorkspacePeople();
  const [teams, setTeams] = useState<TeamView[] | null>(null);
  const [teamsFailed, setTeamsFailed] = useState(false);

  // The workspace's teams to choose from; without them the project is simply created without one.
  useEffect(() => {
    let live = true;
    void call((api) => api.listTeams()).then((res) => {
      if (!live) return;
      if (res.ok) setTeams(res.data);
      else setTeamsFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  // Duplicates found: the choice gets the focus (Open existing project comes first).
  useEffect(() => {
    if (phase === 'duplicates') duplicatesRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [phase]);

  const focusField = (field: DraftField) => {
    formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
  };

  const change = (field: DraftField, value: string) => {
    store().updateDraft({ [field]: value });
    if (clientErrors[field]) setClientErrors((e) => ({ ...e, [field]: undefined }));
    if (serviceErrors[field]) setServiceErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'ref' && phase === 'duplicates') {
      setPhase('edit');
      setDuplicates([]);
    }
  };

  const create = async () => {
    setPhase('creating');
    setError(null);
    setExtra([]);
    const res = await call((api) => api.createProject(toNewProject(store().draft)));
    if (res.ok) {
      store().projectCreated(res.data);
      store().clearDraft();
      onClose();
      return;
    }
    setPhase('edit');
    if (
      res.error.kind === 'validation' &&
      res.error.fieldErrors &&
      Object.keys(res.error.fieldErrors).length > 0
    ) {
      const { fields, unmatched } = mapFieldErrors(res.error, PROJECT_FIELD_MAP);
      setServiceErrors(fields);
      setExtra(unmatched);
      setError(res.error);
      const first = DRAFT_FIELDS.find((f) => fields[f]);
      if (first) focusField(first);
    } else {
      setError(res.error);
    }
  };

  const submit = async () => {
    if (busy || phase === 'duplicates') return;
    const problems = validateDraft(draft);
    setClientErrors(problems);
    setServiceErrors({});
    const first = DRAFT_FIELDS.find((f) => problems[f]);
    if (first) {
      setError(null);
      setExtra([]);
      focusField(first);
      return;
    }
    const ref = draft.ref.trim();
    if (ref && ref !== confirmedRef) {
      setPhase('checking');
      setError(null);
      setExtra([]);
      const found = await call((api) => api.findProjectsByReference(ref));
      if (!found.ok) {
        setPhase('edit');
        setError(found.error);
        return;
      }
      if (found.data.length > 0) {
        setDuplicates(found.data);
        setChosen(found.data[0]?.id ?? null);
        setPhase('duplicates');
        return;
      }
    }
    await create();
  };

  const openExisting = () => {
    const project = duplicates.find((p) => p.id === chosen) ?? duplicates[0];
    if (!project) return;
    store().openExisting(project);
    onClose();
  };

  const fieldError = (field: DraftField) =>
    clientErrors[field] ? t(clientErrors[field]) : (serviceErrors[field] ?? null);

  const input = (
    field: DraftField,
    p: FieldControlProps,
    extraProps: { type?: string; autoComplete?: string } = {},
  ) => (
    <input
      {...p}
      name={field}
      type={extraProps.type ?? 'text'}
      className="input"
      data-testid={INPUT_IDS[field]}
      data-field={field}
      value={draft[field]}
      onChange={(e) => change(field, e.target.value)}
      disabled={busy}
      autoComplete={extraProps.autoComplete ?? 'off'}
      maxLength={MAX_LENGTH[field]}
      spellCheck={false}
      data-autofocus={field === 'name' || undefined}
    />
  );

  let topError: ReactNode = null;
  if (error) {
    topError = (
      <>
        {error.kind === 'validation' && Object.keys(serviceErrors).length > 0
          ? describeError(error, lang, { withDetail: false })
          : describeError(error, lang)}
        {extra.length > 0 && (
          <ul className="error-list">
            {extra.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (Object.values(clientErrors).some(Boolean)) {
    topError = t('common.fixFields');
  }

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
      onSubmit={() => void submit()}
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
        <div ref={duplicatesRef}>
          <Notice
            tone="warning"
            title={t('duplicate.title')}
            testId="duplicate-notice"
            className="duplicate-notice"
          >
            <p>{tp('duplicate.body', duplicates.length, { ref: draft.ref.trim() })}</p>
            <div role="radiogroup" aria-label={t('duplicate.choose')} className="duplicate-list">
              {duplicates.map((p) => (
                <label key={p.id} className="duplicate-item" data-testid={`duplicate-${p.id}`}>
                  {duplicates.length > 1 && (
                    <input
                      type="radio"
                      name="duplicate"
                      value={p.id}
                      checked={chosen === p.id}
                      onChange={() => setChosen(p.id)}
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
              <Button variant="primary" onClick={openExisting} data-testid="open-existing">
                {t('duplicate.open')}
              </Button>
              <Button
                onClick={() => {
                  setConfirmedRef(draft.ref.trim());
                  void create();
                }}
                data-testid="create-anyway"
              >
                {t('duplicate.createAnyway')}
              </Button>
            </div>
          </Notice>
        </div>
      )}
      <div ref={formRef}>
        <Field label={t('create.name')} name="name" error={fieldError('name')}>
          {(p) => input('name', p)}
        </Field>
        <div className="field-row">
          <Field
            label={t('create.ref')}
            name="ref"
            optional
            error={fieldError('ref')}
            hint={t('create.refHint')}
          >
            {(p) => input('ref', p)}
          </Field>
          <Field
            label={t('create.email')}
            name="email"
            error={fieldError('email')}
            hint={people ? t('plainCreate.emailHintPick') : t('create.emailHint')}
          >
            {(p) => (
              <EmailPicker
                control={p}
                people={people}
                value={draft.email}
                onChange={(value) => change('email', value)}
                disabled={busy}
                maxLength={MAX_LENGTH.email}
              />
            )}
          </Field>
        </div>
        <Field
          label={t('create.team')}
          name="team"
          optional
          hint={teamsFailed ? t('create.teamsUnavailable') : t('create.teamHint')}
        >
          {(p) => (
            <select
              {...p}
              className="select"
              value={draft.teamId}
              onChange={(e) => store().updateDraft({ teamId: e.target.value })}
              disabled={busy || teams === null}
              data-testid="cp-team"
            >
              <option value="">
                {teams === null && !teamsFailed ? t('create.teamsLoading') : t('create.noTeam')}
              </option>
              {teams?.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="field-group" disabled={busy}>
          <legend>
            {t('create.address')} <span className="field-optional">({t('common.optional')})</span>
          </legend>
          <Field label={t('create.street')} name="street" error={fieldError('street')}>
            {(p) => input('street', p)}
          </Field>
          <div className="field-row-3">
            <Field label={t('create.postal')} name="postal" error={fieldError('postal')}>
              {(p) => input('postal', p)}
            </Field>
            <Field label={t('create.city')} name="city" error={fieldError('city')}>
              {(p) => input('city', p)}
            </Field>
            <Field label={t('create.country')} name="country" error={fieldError('country')}>
              {(p) => input('country', p)}
            </Field>
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
