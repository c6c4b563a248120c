import { useRef, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/ErrorMessage';
import { mapFieldErrors } from '../../errors/field-errors';
import { isUiLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { useWorkspaces } from './store';
import {
  validateWorkspaceDraft,
  WORKSPACE_FIELD_MAP,
  type WorkspaceDraft,
  type WorkspaceField,
} from './validation';
import type { UiLanguage } from '../../../../src-shared/i18n/languages';

const BASE_URL_PLACEHOLDER = 'https://…/api/v2';

/** The dialog's fields: customer ID and key, service address, acting user, language of answers. */
function WorkspaceFields({
  draft,
  change,
  fieldError,
  language,
  setLanguage,
  busy,
}: {
  draft: WorkspaceDraft;
  change: (field: WorkspaceField, value: string) => void;
  fieldError: (field: WorkspaceField) => string | null;
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => void;
  busy: boolean;
}) {
  const t = useT();
  return (
    <>
      <div className="field-row">
        <Field label={t('addWorkspace.customer')} name="customer" error={fieldError('customer')}>
          {(p) => (
            <input
              {...p}
              name="customer"
              className="input"
              data-testid="ws-customer"
              maxLength={200}
              value={draft.customer}
              onChange={(e) => change('customer', e.target.value)}
              disabled={busy}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
          )}
        </Field>
        <Field
          label={t('addWorkspace.key')}
          name="key"
          error={fieldError('key')}
          hint={t('addWorkspace.keyHint')}
        >
          {(p) => (
            <input
              {...p}
              name="key"
              type="password"
              className="input"
              data-testid="ws-key"
              maxLength={500}
              value={draft.key}
              onChange={(e) => change('key', e.target.value)}
              disabled={busy}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
      </div>
      <Field
        label={t('addWorkspace.baseUrl')}
        name="base-url"
        error={fieldError('baseUrl')}
        hint={t('addWorkspace.baseUrlHint')}
      >
        {(p) => (
          <input
            {...p}
            name="baseUrl"
            type="url"
            className="input"
            data-testid="ws-base-url"
            maxLength={500}
            placeholder={BASE_URL_PLACEHOLDER}
            value={draft.baseUrl}
            onChange={(e) => change('baseUrl', e.target.value)}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <div className="field-row">
        <Field
          label={t('addWorkspace.actingUser')}
          name="acting-user"
          optional
          error={fieldError('actingUser')}
          hint={t('addWorkspace.actingUserHint')}
        >
          {(p) => (
            <input
              {...p}
              name="actingUser"
              type="email"
              className="input"
              data-testid="ws-acting-user"
              maxLength={200}
              value={draft.actingUser}
              onChange={(e) => change('actingUser', e.target.value)}
              disabled={busy}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label={t('addWorkspace.language')} name="language">
          {(p) => (
            <select
              {...p}
              name="language"
              className="select"
              data-testid="ws-language"
              value={language}
              onChange={(e) => {
                if (isUiLanguage(e.target.value)) setLanguage(e.target.value);
              }}
              disabled={busy}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </>
  );
}

/**
 * Adds a workspace: main checks the credentials with the service, stores the key in the system
 * keychain and makes the workspace active. On failure everything typed stays (the key only ever
 * in a password field).
 */
export function AddWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const uiLang = useLang();
  const add = useWorkspaces((s) => s.add);
  const [draft, setDraft] = useState<WorkspaceDraft>({ customer: '', key: '', baseUrl: '', actingUser: '' });
  const [language, setLanguage] = useState<UiLanguage>(uiLang);
  const [clientErrors, setClientErrors] = useState<Partial<Record<WorkspaceField, MessageKey>>>({});
  const [serviceErrors, setServiceErrors] = useState<Partial<Record<WorkspaceField, string>>>({});
  const [error, setError] = useState<ErrorValue | null>(null);
  const [extra, setExtra] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  const focusField = (field: WorkspaceField) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const change = (field: WorkspaceField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (clientErrors[field]) setClientErrors((e) => ({ ...e, [field]: undefined }));
    if (serviceErrors[field]) setServiceErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    if (busy) return;
    const problems = validateWorkspaceDraft(draft);
    setClientErrors(problems);
    setServiceErrors({});
    setExtra([]);
    const first = (['customer', 'key', 'baseUrl', 'actingUser'] as const).find((f) => problems[f]);
    if (first) {
      setError(null);
      focusField(first);
      return;
    }
    setBusy(true);
    setError(null);
    const res = await add({
      customer: draft.customer.trim(),
      key: draft.key.trim(),
      baseUrl: draft.baseUrl.trim(),
      actingUser: draft.actingUser.trim() || undefined,
      language,
    });
    setBusy(false);
    if (res.ok) {
      onClose();
      return;
    }
    setError(res.error);
    if (res.error.kind === 'validation' && res.error.fieldErrors) {
      const { fields, unmatched } = mapFieldErrors(res.error, WORKSPACE_FIELD_MAP);
      setServiceErrors(fields);
      setExtra(unmatched);
    }
    if (res.error.kind === 'auth') {
      // The key was refused: clear it for a fresh one (it is never shown in clear anyway).
      setDraft((d) => ({ ...d, key: '' }));
      focusField('key');
    }
  };

  const fieldError = (field: WorkspaceField) =>
    clientErrors[field] ? t(clientErrors[field]) : (serviceErrors[field] ?? null);

  const topError = error ? (
    <>
      <ErrorMessage error={error} />
      {extra.length > 0 && (
        <ul className="error-list">
          {extra.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  ) : Object.values(clientErrors).some(Boolean) ? (
    t('common.fixFields')
  ) : null;

  return (
    <Dialog
      title={t('addWorkspace.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={topError}
      testId="add-workspace-dialog"
      footer={
        <>
          <span className="dialog-status" role="status">
            {busy ? t('addWorkspace.checking') : ''}
          </span>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="ws-submit">
            {t('addWorkspace.submit')}
          </Button>
        </>
      }
    >
      <div ref={formRef}>
        <p className="dialog-intro">{t('addWorkspace.intro')}</p>
        <WorkspaceFields
          draft={draft}
          change={change}
          fieldError={fieldError}
          language={language}
          setLanguage={setLanguage}
          busy={busy}
        />
      </div>
    </Dialog>
  );
}
