import { useState } from 'react';
import { FAILURE_KEYS, MEANING_KEYS } from '../../../../src-shared/webhook/labels';
import type { WebhookTestResult } from '../../../../src-shared/webhook/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useWorkspaceScreen } from './store';
import { hasQuery, sameWebhookAddress } from '../../../../src-shared/webhook/addresses';

function Result({ result }: { result: WebhookTestResult }) {
  const t = useT();
  const lang = useLang();
  const ms = formatNumber(result.durationMs, lang);
  const failure = result.failure;
  return (
    <div className="webhook-result" data-testid="webhook-result">
      {failure ? (
        <Notice tone="error" title={t(FAILURE_KEYS[failure.reason])} testId="webhook-failure">
          <span data-testid="webhook-failure-reason" data-reason={failure.reason}>
            {failure.detail}
          </span>
        </Notice>
      ) : (
        <Notice
          tone={result.status === 0 ? 'success' : 'warning'}
          title={t('webhookTest.status', {
            status: result.status ?? '',
            meaning: t(MEANING_KEYS[result.meaning ?? 'unknown']),
          })}
          testId="webhook-status"
        >
          <span data-testid="webhook-message">
            {result.message
              ? t('webhookTest.message', { message: result.message })
              : t('webhookTest.noMessage')}
          </span>
          {result.status === 1 && result.keySent === 'placeholder' && (
            <p className="ws-muted">{t('webhookTest.placeholderExplains')}</p>
          )}
        </Notice>
      )}
      <p className="ws-muted" data-testid="webhook-timing">
        {result.httpStatus !== null
          ? t('webhookTest.timingHttp', { http: result.httpStatus, ms })
          : t('webhookTest.timing', { ms })}{' '}
        · {result.keySent === 'real' ? t('webhookTest.sentRealKey') : t('webhookTest.sentPlaceholder')}
      </p>
      {result.fields.length > 0 && (
        <details className="webhook-fields">
          <summary>{t('webhookTest.fieldsSent', { count: result.fields.length })}</summary>
          <table className="webhook-fields-table">
            <tbody>
              {result.fields.map((f, i) => (
                <tr key={`${f.name}-${i}`}>
                  <th scope="row" className="mono">
                    {f.name}
                  </th>
                  <td className="mono">{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

/**
 * Sends a Project Updated call to a receiver, as the service would, and shows what came back. To the
 * workspace's own webhook address: a project's data and, when the user ticks the box (with its
 * warning), the real key. To any other address: main asks first in a native dialog, and sends
 * sample values with a placeholder key (src-main/webhook/webhook-test-service.ts).
 */
export function WebhookTestPanel({ initialUrl }: { initialUrl: string }) {
  const t = useT();
  const test = useWorkspaceScreen((s) => s.test);
  // The workspace's own webhook address (it arrives with the details) until the user types another.
  const [typed, setTyped] = useState<string | null>(null);
  const url = typed ?? initialUrl;
  const [projectId, setProjectId] = useState('');
  const [realKey, setRealKey] = useState(false);
  const own = initialUrl !== '' && sameWebhookAddress(url, initialUrl);
  const queryRefused = !own && hasQuery(url);
  const send = () => {
    if (!url.trim() || queryRefused) return;
    void useWorkspaceScreen.getState().sendTest({
      url: url.trim(),
      projectId: own ? projectId.trim() || undefined : undefined,
      sendRealKey: own && realKey,
    });
  };

  return (
    <form
      className="webhook-test"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      noValidate
    >
      <p className="ws-muted">{t('webhookTest.intro')}</p>
      <Field
        label={t('webhookTest.url')}
        name="webhook-test-url"
        hint={t('webhookTest.urlHint')}
        error={queryRefused ? t('webhookTest.errQuery') : undefined}
      >
        {(p) => (
          <input
            {...p}
            type="url"
            className="input ws-wide"
            value={url}
            maxLength={2000}
            placeholder="https://…"
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="webhook-test-url"
          />
        )}
      </Field>
      {own ? (
        <OwnAddressOptions
          projectId={projectId}
          setProjectId={setProjectId}
          realKey={realKey}
          setRealKey={setRealKey}
        />
      ) : (
        <p className="ws-muted" data-testid="webhook-test-address-note">
          {t('webhookTest.testAddressNote')}
        </p>
      )}
      <div className="ws-row">
        <Button
          type="submit"
          variant="primary"
          busy={test.running}
          disabled={!url.trim() || queryRefused}
          data-testid="webhook-test-send"
        >
          {t('webhookTest.send')}
        </Button>
      </div>
      <TestOutcome />
    </form>
  );
}

/** What only the workspace's own webhook address may be sent: a project's data, the real key. */
function OwnAddressOptions(props: {
  projectId: string;
  setProjectId: (v: string) => void;
  realKey: boolean;
  setRealKey: (v: boolean) => void;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t('webhookTest.project')}
        name="webhook-test-project"
        optional
        hint={t('webhookTest.projectHint')}
      >
        {(p) => (
          <input
            {...p}
            className="input ws-wide mono"
            value={props.projectId}
            maxLength={200}
            onChange={(e) => props.setProjectId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="webhook-test-project"
          />
        )}
      </Field>
      <label className="ws-check">
        <input
          type="checkbox"
          checked={props.realKey}
          onChange={(e) => props.setRealKey(e.target.checked)}
          data-testid="webhook-test-real-key"
        />
        {t('webhookTest.realKey')}
      </label>
      {props.realKey && (
        <Notice tone="warning" testId="webhook-real-key-warning">
          {t('webhookTest.realKeyWarning')}
        </Notice>
      )}
    </>
  );
}

/** The last test's result, or why there is none (answered "no" in the dialog: nothing was sent). */
function TestOutcome() {
  const t = useT();
  const lang = useLang();
  const test = useWorkspaceScreen((s) => s.test);
  if (test.error?.kind === 'cancelled') {
    return (
      <Notice tone="info" testId="webhook-test-cancelled">
        {t('webhookTest.cancelled')}
      </Notice>
    );
  }
  return (
    <>
      {test.error && <Notice tone="error">{describeError(test.error, lang)}</Notice>}
      {test.result && <Result result={test.result} />}
    </>
  );
}
