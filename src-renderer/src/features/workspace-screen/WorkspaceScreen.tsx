import { termLabel } from '../../../../src-shared/plans/vocabulary';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { describeError } from '../../errors/describe-error';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useI18n, useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { LanguageOptions, useChangeLanguage } from '../shell/LanguageSelect';
import { looksLikeEmail } from '../projects/validation';
import { selectActiveWorkspace, useWorkspaces } from '../workspaces/store';
import { WorkspaceSettingsDialog } from '../workspaces/WorkspaceSettingsDialog';
import { WebhookTestPanel } from './WebhookTestPanel';
import { useWorkspaceScreen } from './store';
import './workspace-screen.css';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="ws-section" data-testid={testId}>
      <h2 className="ws-section-title">{title}</h2>
      {children}
    </section>
  );
}

function Details({ onChangeWebhook }: { onChangeWebhook: () => void }) {
  const t = useT();
  const details = useWorkspaceScreen((s) => s.details);
  const offline = details?.source === 'cache';
  if (!details) return null;
  const notSent = <span className="detail-empty">{t('workspaceScreen.notSent')}</span>;
  return (
    <dl className="ws-facts" data-testid="ws-details">
      <dt>{t('workspaceScreen.name')}</dt>
      <dd data-testid="ws-name">{details.name}</dd>
      <dt>{t('workspaceScreen.id')}</dt>
      <dd className="mono">{details.id ?? notSent}</dd>
      <dt>{t('workspaceScreen.owner')}</dt>
      <dd data-testid="ws-owner">
        {details.owner ? [details.owner.name, details.owner.email].filter(Boolean).join(' · ') : notSent}
      </dd>
      {details.users && (
        <>
          <dt>{t('workspaceScreen.users')}</dt>
          <dd>
            <ul className="ws-list">
              {details.users.map((u, i) => (
                <li key={`${u.email}-${i}`}>
                  {[u.name, u.email].filter(Boolean).join(' · ')}
                  {u.role && <span className="ws-muted"> ({u.role})</span>}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      <dt>{t('workspaceScreen.formats')}</dt>
      <dd data-testid="ws-formats">
        {details.formats?.length ? details.formats.map((f) => termLabel('format', f, t)).join(', ') : notSent}
      </dd>
      <dt>{t('workspaceScreen.webhook')}</dt>
      <dd className="ws-webhook">
        <span className="mono" data-testid="ws-webhook-url">
          {details.webhookUrl ?? <span className="detail-empty">{t('workspaceScreen.noWebhook')}</span>}
        </span>
        <Button size="sm" onClick={onChangeWebhook} disabled={offline} data-testid="ws-change-webhook">
          {t('workspaceScreen.changeWebhook')}
        </Button>
      </dd>
      {details.urls.map((u) => (
        <DetailRow key={u.field} field={u.field} value={<span className="mono ws-url">{u.url}</span>} />
      ))}
      {details.other.map((o) => (
        <DetailRow key={o.field} field={o.field} value={o.value} />
      ))}
    </dl>
  );
}

/** A field PlanDesk does not name, under the service's own field name. */
function DetailRow({ field, value }: { field: string; value: ReactNode }) {
  return (
    <>
      <dt className="mono ws-field-name">{field}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Connection() {
  const t = useT();
  const lang = useLang();
  const check = useWorkspaceScreen((s) => s.check);
  const checking = useWorkspaceScreen((s) => s.checking);
  return (
    <div className="ws-row">
      <Button
        onClick={() => void useWorkspaceScreen.getState().checkConnection()}
        busy={checking}
        data-testid="ws-check"
      >
        {t('workspaceScreen.check')}
      </Button>
      <span
        role="status"
        data-testid="ws-check-result"
        className={check ? (check.ok ? 'ws-ok' : 'ws-failed') : ''}
      >
        {check &&
          (check.ok
            ? t('workspaceScreen.reachable', {
                ms: formatNumber(check.roundTripMs ?? 0, lang),
                time: formatDateTime(check.checkedAt, lang),
              })
            : `${t('workspaceScreen.unreachable')} ${check.error ? describeError(check.error, lang) : ''}`)}
      </span>
    </div>
  );
}

function Access() {
  const t = useT();
  const lang = useLang();
  const workspace = useWorkspaces(selectActiveWorkspace);
  const saving = useWorkspaceScreen((s) => s.actingUserSaving);
  const error = useWorkspaceScreen((s) => s.actingUserError);
  const saved = useWorkspaceScreen((s) => s.actingUserSaved);
  const uiLang = useI18n((s) => s.lang);
  const changeLanguage = useChangeLanguage();
  // Remounted (by its key) when the stored acting user changes, so this starts from it.
  const [actingUser, setActingUser] = useState(workspace?.actingUser ?? '');
  const [formatError, setFormatError] = useState(false);
  if (!workspace) return null;

  const save = (value: string | null) => {
    if (value !== null && !looksLikeEmail(value)) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    void useWorkspaceScreen.getState().setActingUser(value);
  };
  const fieldError = formatError
    ? t('workspaceScreen.actingUserFormat')
    : error?.kind === 'validation'
      ? describeError(error, lang)
      : null;

  return (
    <>
      <dl className="ws-facts">
        <dt>{t('workspaceScreen.customer')}</dt>
        <dd className="mono">{workspace.customer}</dd>
      </dl>
      {workspace.demo ? (
        <p className="ws-muted">{t('workspaceScreen.demoActingUser')}</p>
      ) : (
        <Field
          label={t('workspaceScreen.actingUser')}
          name="acting-user"
          optional
          error={fieldError}
          hint={t('workspaceScreen.actingUserHint')}
        >
          {(p) => (
            <div className="ws-row">
              <input
                {...p}
                type="email"
                className="input ws-acting-user"
                value={actingUser}
                maxLength={200}
                onChange={(e) => {
                  setActingUser(e.target.value);
                  setFormatError(false);
                }}
                disabled={saving}
                autoComplete="off"
                spellCheck={false}
                data-testid="ws-acting-user"
              />
              <Button
                onClick={() => save(actingUser.trim())}
                busy={saving}
                disabled={!actingUser.trim() || actingUser.trim() === workspace.actingUser}
                data-testid="ws-acting-user-save"
              >
                {t('settings.save')}
              </Button>
              <Button
                onClick={() => save(null)}
                disabled={saving || !workspace.actingUser}
                data-testid="ws-acting-user-clear"
              >
                {t('settings.clear')}
              </Button>
              {saved && !saving && <span className="ws-ok">{t('workspaceScreen.actingUserSaved')}</span>}
            </div>
          )}
        </Field>
      )}
      {error && error.kind !== 'validation' && <Notice tone="error">{describeError(error, lang)}</Notice>}
      <label className="ws-row ws-language">
        <span className="field-label">{t('workspaceScreen.language')}</span>
        <select
          className="select"
          value={uiLang}
          onChange={(e) => void changeLanguage(e.target.value)}
          data-testid="ws-language"
        >
          <LanguageOptions />
        </select>
        <span className="ws-muted">{t('workspaceScreen.languageHint')}</span>
      </label>
    </>
  );
}

function Teams() {
  const t = useT();
  const teams = useWorkspaceScreen((s) => s.teams);
  const error = useWorkspaceScreen((s) => s.teamsError);
  if (error) return <ErrorNotice error={error} onRetry={() => void useWorkspaceScreen.getState().load()} />;
  if (!teams) return <p className="ws-muted">{t('workspaceScreen.loading')}</p>;
  if (teams.length === 0) return <p className="ws-muted">{t('workspaceScreen.noTeams')}</p>;
  return (
    <ul className="ws-teams" data-testid="ws-teams">
      {teams.map((team) => (
        <li key={team.id} data-testid={`ws-team-${team.id}`}>
          <span className="ws-team-name">{team.name}</span>
          <span className="ws-muted">
            {team.members
              ? team.members.map((m) => m.name ?? m.email).join(', ') || t('workspaceScreen.noMembers')
              : t('workspaceScreen.notSent')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The active workspace itself: details as sent, connection, access, teams, and the webhook. */
export function WorkspaceScreen() {
  const t = useT();
  const workspace = useWorkspaces(selectActiveWorkspace);
  const activeId = useWorkspaces((s) => s.activeId);
  const details = useWorkspaceScreen((s) => s.details);
  const error = useWorkspaceScreen((s) => s.detailsError);
  const loading = useWorkspaceScreen((s) => s.loading);
  const [webhookDialog, setWebhookDialog] = useState(false);

  return (
    <section className="screen" aria-labelledby="ws-title" data-testid="workspace-screen">
      <ScreenBar
        back={{
          label: t('forms.back'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'ws-back',
        }}
        heading={
          <ScreenTitle id="ws-title" title={t('workspaceScreen.title')} subtitle={workspace?.name ?? ''} />
        }
      />
      {details?.source === 'cache' && details.fetchedAt && <OfflineMarker fetchedAt={details.fetchedAt} />}
      {error && (
        <ErrorNotice
          error={error}
          onRetry={() => void useWorkspaceScreen.getState().load()}
          testId="ws-error"
        />
      )}
      <div className="ws-scroll" aria-busy={loading || undefined}>
        <div className="ws-columns">
          <div className="ws-column">
            <Section title={t('workspaceScreen.details')}>
              {!details && loading && <p className="ws-muted">{t('workspaceScreen.loading')}</p>}
              <Details onChangeWebhook={() => setWebhookDialog(true)} />
            </Section>
            <Section title={t('workspaceScreen.connection')}>
              <Connection />
            </Section>
            <Section title={t('workspaceScreen.access')}>
              <Access key={`${activeId ?? ''}|${workspace?.actingUser ?? ''}`} />
            </Section>
            <Section title={t('workspaceScreen.teams')}>
              <Teams />
            </Section>
          </div>
          <div className="ws-column">
            <Section title={t('webhookTest.title')} testId="ws-webhook-test">
              <WebhookTestPanel key={activeId ?? ''} initialUrl={details?.webhookUrl ?? ''} />
            </Section>
          </div>
        </div>
      </div>
      {webhookDialog && (
        <WorkspaceSettingsDialog
          key={activeId ?? ''}
          onClose={() => {
            setWebhookDialog(false);
            void useWorkspaceScreen.getState().load();
          }}
        />
      )}
    </section>
  );
}
