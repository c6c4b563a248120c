import { useEffect, useState } from 'react';
import type { TeamView } from '../../../../src-shared/teams/types';
import { call } from '../../api';
import { Field, type FieldControlProps } from '../../components/Field';
import { useT } from '../../i18n/store';
import type { Person } from '../people/store';
import { EmailPicker } from './EmailPicker';
import type { DraftField, ProjectDraft } from './validation';

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

/** One of the draft's text fields, as the form's input. */
function DraftInput({
  field,
  control,
  value,
  busy,
  onChange,
}: {
  field: DraftField;
  control: FieldControlProps;
  value: string;
  busy: boolean;
  onChange: (field: DraftField, value: string) => void;
}) {
  return (
    <input
      {...control}
      name={field}
      type="text"
      className="input"
      data-testid={INPUT_IDS[field]}
      data-field={field}
      value={value}
      onChange={(e) => onChange(field, e.target.value)}
      disabled={busy}
      autoComplete="off"
      maxLength={MAX_LENGTH[field]}
      spellCheck={false}
      data-autofocus={field === 'name' || undefined}
    />
  );
}

/** The team to create the project in: the workspace's teams; without them, none. */
function TeamField({
  value,
  busy,
  onChange,
}: {
  value: string;
  busy: boolean;
  onChange: (teamId: string) => void;
}) {
  const t = useT();
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

  return (
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
          value={value}
          onChange={(e) => onChange(e.target.value)}
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
  );
}

/** The new project's fields: name, external reference, contact's email, team, address. */
export function CreateProjectFields({
  draft,
  busy,
  people,
  fieldError,
  onChange,
  onTeam,
}: {
  draft: ProjectDraft;
  busy: boolean;
  people: readonly Person[] | null;
  fieldError: (field: DraftField) => string | null;
  onChange: (field: DraftField, value: string) => void;
  onTeam: (teamId: string) => void;
}) {
  const t = useT();
  const input = (field: DraftField, control: FieldControlProps) => (
    <DraftInput field={field} control={control} value={draft[field]} busy={busy} onChange={onChange} />
  );
  return (
    <>
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
              onChange={(value) => onChange('email', value)}
              disabled={busy}
              maxLength={MAX_LENGTH.email}
            />
          )}
        </Field>
      </div>
      <TeamField value={draft.teamId} busy={busy} onChange={onTeam} />
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
    </>
  );
}
