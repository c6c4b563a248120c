import type { MessageKey } from '../../i18n/messages';

/** What the create-project form holds (all text, as typed). */
export interface ProjectDraft {
  name: string;
  ref: string;
  email: string;
  street: string;
  postal: string;
  city: string;
  country: string;
  /** The team chosen from the workspace's teams; '' for none. */
  teamId: string;
}

/** The form's text fields (the team is chosen from a list). */
export type DraftField = Exclude<keyof ProjectDraft, 'teamId'>;

export const EMPTY_DRAFT: ProjectDraft = {
  name: '',
  ref: '',
  email: '',
  street: '',
  postal: '',
  city: '',
  country: '',
  teamId: '',
};

/** The order fields appear in the form (to focus the first invalid one). */
export const DRAFT_FIELDS: DraftField[] = ['name', 'ref', 'email', 'street', 'postal', 'city', 'country'];

/** The service's field paths (and main's camelCase names) → the form's fields. */
export const PROJECT_FIELD_MAP: Record<string, DraftField> = {
  name: 'name',
  email: 'email',
  external_reference_id: 'ref',
  externalReferenceId: 'ref',
  'address.street': 'street',
  'address.postal_code': 'postal',
  'address.postalCode': 'postal',
  'address.city': 'city',
  'address.country': 'country',
};

/** A plausible e-mail: something@domain.tld, no spaces. The service has the last word. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(text.trim());
}

/** The checks made before anything is sent: a name, and a user's e-mail that looks like one. */
export function validateDraft(draft: ProjectDraft): Partial<Record<DraftField, MessageKey>> {
  const errors: Partial<Record<DraftField, MessageKey>> = {};
  if (!draft.name.trim()) errors.name = 'create.errName';
  if (!draft.email.trim()) errors.email = 'create.errEmail';
  else if (!looksLikeEmail(draft.email)) errors.email = 'create.errEmailFormat';
  return errors;
}

export interface NewProjectInput {
  name: string;
  email: string;
  externalReferenceId?: string;
  address?: { street?: string; city?: string; postalCode?: string; country?: string };
  teamId?: string;
}

/** The createProject argument: trimmed, empty parts left out. */
export function toNewProject(draft: ProjectDraft): NewProjectInput {
  const input: NewProjectInput = { name: draft.name.trim(), email: draft.email.trim() };
  const ref = draft.ref.trim();
  if (ref) input.externalReferenceId = ref;
  const address = {
    street: draft.street.trim() || undefined,
    postalCode: draft.postal.trim() || undefined,
    city: draft.city.trim() || undefined,
    country: draft.country.trim() || undefined,
  };
  if (Object.values(address).some(Boolean)) {
    input.address = Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined));
  }
  if (draft.teamId) input.teamId = draft.teamId;
  return input;
}
