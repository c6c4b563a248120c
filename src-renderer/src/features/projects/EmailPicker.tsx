import { useState } from 'react';
import type { FieldControlProps } from '../../components/Field';
import { useT } from '../../i18n/store';
import type { Person } from '../people/store';

const OTHER = '__other__';

/**
 * The required e-mail of a new project: one of the workspace's users to pick (from its details and
 * its teams), or, as a fallback, any address typed in (a user the service knows but PlanDesk was not
 * told of). Without a list of users it is a plain e-mail field.
 */
export function EmailPicker({
  control,
  people,
  value,
  onChange,
  disabled,
  maxLength,
}: {
  control: FieldControlProps;
  people: readonly Person[] | null;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  maxLength: number;
}) {
  const t = useT();
  const listed = (email: string) =>
    people?.some((p) => p.email.toLowerCase() === email.trim().toLowerCase()) ?? false;
  const [typing, setTyping] = useState(() => value.trim() !== '' && !listed(value));
  const textInput = (props: Partial<FieldControlProps> & { 'aria-label'?: string }) => (
    <input
      {...props}
      name="email"
      type="email"
      className="input"
      data-testid="cp-email"
      data-field="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      autoComplete="off"
      maxLength={maxLength}
      spellCheck={false}
    />
  );
  if (!people) return textInput(control);
  const selected = typing
    ? OTHER
    : (people.find((p) => p.email.toLowerCase() === value.trim().toLowerCase())?.email ?? '');
  return (
    <div className="email-picker">
      <select
        {...control}
        className="select"
        value={selected}
        onChange={(e) => {
          const next = e.target.value;
          setTyping(next === OTHER);
          onChange(next === OTHER ? '' : next);
        }}
        disabled={disabled}
        data-testid="cp-email-user"
        data-field={typing ? undefined : 'email'}
      >
        <option value="">{t('plainCreate.chooseUser')}</option>
        {people.map((p) => (
          <option key={p.email} value={p.email}>
            {p.name ? `${p.name} – ${p.email}` : p.email}
            {p.teams.length > 0 ? ` (${p.teams.join(', ')})` : ''}
          </option>
        ))}
        <option value={OTHER}>{t('plainCreate.otherEmail')}</option>
      </select>
      {typing &&
        textInput({
          'aria-label': t('plainCreate.otherEmailLabel'),
          'aria-describedby': control['aria-describedby'],
          'aria-invalid': control['aria-invalid'],
        })}
    </div>
  );
}
