import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorValue } from '../../src-shared/errors/service-error';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface ProjectDraft {
  name: string;
  ref: string;
  email: string;
  street: string;
  postal: string;
  city: string;
  country: string;
}
interface ProjectValidation {
  EMPTY_DRAFT: ProjectDraft;
  PROJECT_FIELD_MAP: Record<string, string>;
  looksLikeEmail: (text: string) => boolean;
  validateDraft: (draft: ProjectDraft) => Record<string, string>;
  toNewProject: (draft: ProjectDraft) => unknown;
}
interface WorkspaceValidation {
  checkBaseUrl: (text: string) => string | null;
  validateWorkspaceDraft: (draft: {
    customer: string;
    key: string;
    baseUrl: string;
    actingUser: string;
  }) => Record<string, string>;
}
interface FieldErrors {
  mapFieldErrors: (
    error: ErrorValue,
    map: Record<string, string>,
  ) => { fields: Record<string, string>; unmatched: string[] };
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let pv: ProjectValidation;
let wv: WorkspaceValidation;
let fe: FieldErrors;

beforeAll(async () => {
  [pv, wv, fe] = await Promise.all([
    load<ProjectValidation>('features/projects/validation.ts'),
    load<WorkspaceValidation>('features/workspaces/validation.ts'),
    load<FieldErrors>('errors/field-errors.ts'),
  ]);
});

describe('create-project checks', () => {
  it('requires a name and a plausible e-mail before sending', () => {
    expect(pv.validateDraft(pv.EMPTY_DRAFT)).toEqual({ name: 'create.errName', email: 'create.errEmail' });
    expect(pv.validateDraft({ ...pv.EMPTY_DRAFT, name: '  ', email: 'not-an-email' })).toEqual({
      name: 'create.errName',
      email: 'create.errEmailFormat',
    });
    expect(pv.validateDraft({ ...pv.EMPTY_DRAFT, name: 'Küche', email: ' anna@example.de ' })).toEqual({});
  });

  it('recognises e-mail addresses', () => {
    for (const good of ['a@b.de', 'first.last+tag@sub.example.com', 'jürgen@müller.de']) {
      expect(pv.looksLikeEmail(good), good).toBe(true);
    }
    for (const bad of ['', 'a', 'a@b', '@b.de', 'a b@c.de', 'a@b.c', 'a@@b.de']) {
      expect(pv.looksLikeEmail(bad), bad).toBe(false);
    }
  });

  it('sends trimmed values and leaves out empty ones', () => {
    expect(pv.toNewProject({ ...pv.EMPTY_DRAFT, name: ' Bad ', email: 'a@b.de ' })).toEqual({
      name: 'Bad',
      email: 'a@b.de',
    });
    expect(
      pv.toNewProject({
        name: 'Bad',
        ref: ' ERP-7 ',
        email: 'a@b.de',
        street: 'Hauptstraße 5',
        postal: '20095',
        city: '',
        country: ' DE',
      }),
    ).toEqual({
      name: 'Bad',
      email: 'a@b.de',
      externalReferenceId: 'ERP-7',
      address: { street: 'Hauptstraße 5', postalCode: '20095', country: 'DE' },
    });
  });

  it('puts the service’s field errors at the form’s fields', () => {
    const error: ErrorValue = {
      kind: 'validation',
      message: 'Invalid input',
      fieldErrors: {
        name: ['is required'],
        email: ['is not a user of this workspace'],
        external_reference_id: ['is too long'],
        'address.street': ['is too long'],
        'address.postal_code': ['is invalid', 'must be 5 digits'],
        'address.city': ['is unknown'],
        'address.country': ['must be an ISO code'],
        plan_template: ['does not exist'],
      },
    };
    const { fields, unmatched } = fe.mapFieldErrors(error, pv.PROJECT_FIELD_MAP);
    expect(fields).toEqual({
      name: 'is required',
      email: 'is not a user of this workspace',
      ref: 'is too long',
      street: 'is too long',
      postal: 'is invalid must be 5 digits',
      city: 'is unknown',
      country: 'must be an ISO code',
    });
    expect(unmatched).toEqual(['plan_template: does not exist']);
  });
});

describe('add-workspace checks', () => {
  it('accepts https addresses, and plain http only on this computer', () => {
    expect(wv.checkBaseUrl('https://plans.example.com/api/v2')).toBeNull();
    expect(wv.checkBaseUrl('http://127.0.0.1:8787/api/v2')).toBeNull();
    expect(wv.checkBaseUrl('http://localhost:8787/api/v2')).toBeNull();
    expect(wv.checkBaseUrl('')).toBe('addWorkspace.errBaseUrl');
    expect(wv.checkBaseUrl('http://plans.example.com/api/v2')).toBe('addWorkspace.errBaseUrlHttps');
    expect(wv.checkBaseUrl('plans.example.com/api/v2')).toBe('addWorkspace.errBaseUrlHttps');
    expect(wv.checkBaseUrl('ftp://plans.example.com')).toBe('addWorkspace.errBaseUrlHttps');
  });

  it('requires customer and key; the acting user is optional but must look like an e-mail', () => {
    const ok = { customer: 'c1', key: 'k', baseUrl: 'https://x.example/api/v2', actingUser: '' };
    expect(wv.validateWorkspaceDraft(ok)).toEqual({});
    expect(wv.validateWorkspaceDraft({ customer: ' ', key: '', baseUrl: '', actingUser: 'nobody' })).toEqual({
      customer: 'addWorkspace.errCustomer',
      key: 'addWorkspace.errKey',
      baseUrl: 'addWorkspace.errBaseUrl',
      actingUser: 'addWorkspace.errActingUser',
    });
  });
});
