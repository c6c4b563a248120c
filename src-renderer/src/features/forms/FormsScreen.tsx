import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { selectActiveWorkspace, useWorkspaces } from '../workspaces/store';
import { FormEditor } from './FormEditor';
import { FormsTable } from './FormsTable';
import { PROBLEM_KEYS } from './problems';
import { useForms } from './store';
import './forms.css';

function ImportNotice() {
  const t = useT();
  const lang = useLang();
  const outcome = useForms((s) => s.importOutcome);
  const error = useForms((s) => s.importError);
  const dismiss = () => useForms.getState().dismissImport();
  if (error) {
    return (
      <Notice tone="error" title={t('forms.importFailed')} onDismiss={dismiss} testId="import-notice">
        {describeError(error, lang)}
        {error.fieldErrors && (
          <ul className="error-list">
            {Object.entries(error.fieldErrors).map(([path, messages]) => (
              <li key={path}>
                <span className="mono">{path}</span>: {messages.join(' ')}
              </li>
            ))}
          </ul>
        )}
      </Notice>
    );
  }
  if (!outcome || outcome.status === 'cancelled') return null;
  if (outcome.status === 'created') {
    return (
      <Notice tone="success" onDismiss={dismiss} testId="import-notice">
        {t('forms.imported', { file: outcome.file })}
      </Notice>
    );
  }
  return (
    <Notice
      tone="warning"
      title={t('forms.importInvalid', { file: outcome.file })}
      onDismiss={dismiss}
      testId="import-notice"
    >
      {outcome.syntaxError ? (
        <p>{t('forms.importNotJson', { detail: outcome.syntaxError })}</p>
      ) : (
        <ul className="error-list">
          {outcome.problems.map((p, i) => (
            <li key={`${p.path}-${i}`}>
              <span className="mono">{p.path || t('forms.importTheFile')}</span>: {t(PROBLEM_KEYS[p.code])}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

/** The active workspace's forms: the list, and one form in the editor. Read-only offline. */
export function FormsScreen() {
  const t = useT();
  const workspace = useWorkspaces(selectActiveWorkspace);
  const list = useForms((s) => s.list);
  const listError = useForms((s) => s.listError);
  const importing = useForms((s) => s.importing);
  const deleted = useForms((s) => s.deleted);
  const editorOpen = useForms((s) => s.editor !== null || s.opening !== null || s.openError !== null);
  const offline = list?.source === 'cache';
  const store = useForms.getState;

  return (
    <section className="screen" aria-labelledby="forms-title" data-testid="forms-screen">
      <ScreenBar
        back={{
          label: t('forms.back'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'forms-back',
        }}
        heading={<ScreenTitle id="forms-title" title={t('forms.title')} subtitle={workspace?.name ?? ''} />}
        actions={
          <>
            <Button
              onClick={() => void store().importForm()}
              busy={importing}
              disabled={offline}
              title={offline ? t('forms.offlineReadOnly') : undefined}
              data-testid="forms-import"
            >
              {t('forms.import')}
            </Button>
            <Button
              variant="primary"
              className="btn-plus"
              onClick={() => store().newForm(t('forms.newName'))}
              disabled={offline}
              title={offline ? t('forms.offlineReadOnly') : undefined}
              data-testid="forms-new"
            >
              {t('forms.new')}
            </Button>
          </>
        }
      />
      {offline && list?.fetchedAt && <OfflineMarker fetchedAt={list.fetchedAt} />}
      <div className="screen-notices">
        {deleted && (
          <Notice tone="success" onDismiss={() => store().dismissDeleted()} testId="form-deleted">
            {t('forms.deleted', { name: deleted })}
          </Notice>
        )}
        <ImportNotice />
        {listError && (
          <ErrorNotice error={listError} onRetry={() => void store().loadList()} testId="forms-error" />
        )}
      </div>
      <div className="forms-body">
        <div className="forms-list">
          <FormsTable />
        </div>
        <div className="forms-editor-pane">
          {editorOpen ? (
            <FormEditor />
          ) : (
            <p className="forms-placeholder" data-testid="forms-placeholder">
              {t('forms.choose')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
