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
 * Sends a Project Updated call to a receiver, as the service would, and shows what came back. A
 * placeholder key unless the user ticks the box (with its warning).
 */
export function WebhookTestPanel({ initialUrl }: { initialUrl: string }) {
  const t = useT();
  const lang = useLang();
  const test = useWorkspaceScreen((s) => s.test);
  // The workspace's own webhook address (it arrives with the details) until the user types another.
  const [typed, setTyped] = useState<string | null>(null);
  const url = typed ?? initialUrl;
  const [projectId, setProjectId] = useState('');
  const [realKey, setRealKey] = useState(false);
  const send = () => {
    if (!url.trim()) return;
    void useWorkspaceScreen
      .getState()
      .sendTest({ url: url.trim(), projectId: projectId.trim() || undefined, sendRealKey: realKey });
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
      <Field label={t('webhookTest.url')} name="webhook-test-url" hint={t('webhookTest.urlHint')}>
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
            value={projectId}
            maxLength={200}
            onChange={(e) => setProjectId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="webhook-test-project"
          />
        )}
      </Field>
      <label className="ws-check">
        <input
          type="checkbox"
          checked={realKey}
          onChange={(e) => setRealKey(e.target.checked)}
          data-testid="webhook-test-real-key"
        />
        {t('webhookTest.realKey')}
      </label>
      {realKey && (
        <Notice tone="warning" testId="webhook-real-key-warning">
          {t('webhookTest.realKeyWarning')}
        </Notice>
      )}
      <div className="ws-row">
        <Button
          type="submit"
          variant="primary"
          busy={test.running}
          disabled={!url.trim()}
          data-testid="webhook-test-send"
        >
          {t('webhookTest.send')}
        </Button>
      </div>
      {test.error && <Notice tone="error">{describeError(test.error, lang)}</Notice>}
      {test.result && <Result result={test.result} />}
    </form>
  );
}
