import { useState } from 'react';
import { setFormField } from '../../../../src-shared/forms/edit';
import { elementAt, formContexts, formName, placeOfServicePath } from '../../../../src-shared/forms/tree';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { ContextPicker } from './ContextPicker';
import { CopyFormDialog } from './CopyFormDialog';
import { DeleteFormDialog } from './DeleteFormDialog';
import { FormTree } from './FormTree';
import { isDirty, useForms } from './store';

/** Field errors with no place on screen (an element that is gone, a field of the form PlanDesk does not show). */
function unplacedErrors(fieldErrors: Record<string, string>, doc: Parameters<typeof elementAt>[0]): string[] {
  return Object.entries(fieldErrors)
    .filter(([path]) => {
      const place = placeOfServicePath(path);
      if (!place) return true;
      if (place.node === null) return !['name', 'context'].includes(place.field);
      return elementAt(doc, place.node) === undefined;
    })
    .map(([path, text]) => `${path || '—'}: ${text}`);
}

/** One form: its name, contexts and tree, saved as patches of what the service sent. */
export function FormEditor() {
  const t = useT();
  const lang = useLang();
  const editor = useForms((s) => s.editor);
  const opening = useForms((s) => s.opening);
  const openError = useForms((s) => s.openError);
  const listOffline = useForms((s) => s.list?.source === 'cache');
  const [dialog, setDialog] = useState<'delete' | 'copy' | null>(null);
  const store = useForms.getState;

  if (!editor) {
    if (openError && !opening) {
      return (
        <ErrorNotice
          error={openError.error}
          onRetry={() => void store().openForm(openError.id)}
          testId="form-open-error"
        />
      );
    }
    return <p className="forms-placeholder">{t('forms.opening')}</p>;
  }

  const doc = editor.document;
  const readOnly = editor.source === 'cache';
  const locked = readOnly || editor.saving;
  const dirty = isDirty(editor);
  const name = formName(doc);
  const contextError = Object.entries(editor.fieldErrors)
    .filter(([path]) => path === 'context' || path.startsWith('context['))
    .map(([, text]) => text)
    .join(' ');
  const unplaced = unplacedErrors(editor.fieldErrors, doc);

  return (
    <div className="form-editor" data-testid="form-editor" aria-busy={editor.saving || undefined}>
      <div className="form-editor-head">
        <h2 className="form-editor-title">
          {editor.id === null ? t('forms.newTitle') : name || t('forms.unnamed')}
        </h2>
        {editor.published !== null && (
          <span className="form-publication" data-testid="form-publication">
            {editor.published ? t('forms.published') : t('forms.notPublished')}
          </span>
        )}
        <div className="screen-bar-spacer" />
        {editor.id !== null && (
          <div className="form-editor-actions">
            {editor.capabilities.publishing && editor.published !== null && !readOnly && (
              <Button
                size="sm"
                busy={editor.busy === 'publish'}
                disabled={editor.busy !== null}
                onClick={() => void store().setPublished(!editor.published)}
                data-testid={editor.published ? 'form-unpublish' : 'form-publish'}
              >
                {editor.published ? t('forms.unpublish') : t('forms.publish')}
              </Button>
            )}
            {!readOnly && (
              <>
                <Button
                  size="sm"
                  busy={editor.busy === 'duplicate'}
                  disabled={editor.busy !== null}
                  onClick={() => void store().duplicate(t('forms.copyName', { name }))}
                  data-testid="form-duplicate"
                >
                  {t('forms.duplicate')}
                </Button>
                <Button size="sm" onClick={() => setDialog('copy')} data-testid="form-copy">
                  {t('forms.copyTo')}
                </Button>
              </>
            )}
            <Button
              size="sm"
              busy={editor.busy === 'export'}
              disabled={editor.busy !== null}
              onClick={() => void store().exportForm()}
              data-testid="form-export"
            >
              {t('forms.export')}
            </Button>
            {!readOnly && (
              <Button
                size="sm"
                variant="danger"
                onClick={() => setDialog('delete')}
                data-testid="form-delete"
              >
                {t('forms.delete')}
              </Button>
            )}
          </div>
        )}
      </div>

      {readOnly && editor.fetchedAt && !listOffline && <OfflineMarker fetchedAt={editor.fetchedAt} />}
      {editor.actionError && <Notice tone="error">{describeError(editor.actionError, lang)}</Notice>}
      {editor.exportedTo && (
        <Notice tone="success" testId="form-exported">
          {t('forms.exported', { path: editor.exportedTo })}
        </Notice>
      )}
      {editor.saveError && (
        <Notice tone="error" testId="form-save-error">
          {describeError(editor.saveError, lang, {
            withDetail: Object.keys(editor.fieldErrors).length === 0,
          })}
          {unplaced.length > 0 && (
            <ul className="error-list">
              {unplaced.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}

      <div className="form-editor-scroll">
        <Field label={t('forms.name')} name="form-name" error={editor.fieldErrors.name ?? null}>
          {(p) => (
            <input
              {...p}
              className="input form-name-input"
              data-testid="form-name"
              value={typeof doc.name === 'string' ? doc.name : ''}
              maxLength={500}
              readOnly={locked}
              onChange={(e) => store().edit((d) => setFormField(d, 'name', e.target.value), ['name'])}
            />
          )}
        </Field>
        <ContextPicker
          value={formContexts(doc)}
          options={editor.capabilities.contextOptions}
          error={contextError || null}
          disabled={locked}
          onChange={(next) => store().edit((d) => setFormField(d, 'context', next), ['context'])}
        />
        <FormTree document={doc} fieldErrors={editor.fieldErrors} readOnly={locked} />
      </div>

      {!readOnly && (
        <div className="form-editor-footer">
          <span className="dialog-status" role="status" data-testid="form-status">
            {editor.saving ? t('forms.saving') : dirty ? t('forms.unsaved') : t('forms.allSaved')}
          </span>
          {editor.id !== null && (
            <Button
              onClick={() => store().discard()}
              disabled={!dirty || editor.saving}
              data-testid="form-discard"
            >
              {t('forms.discard')}
            </Button>
          )}
          {editor.id === null && (
            <Button
              onClick={() => store().closeEditor()}
              disabled={editor.saving}
              data-testid="form-cancel-new"
            >
              {t('common.cancel')}
            </Button>
          )}
          <Button
            variant="primary"
            busy={editor.saving}
            disabled={!dirty}
            onClick={() => void store().save(t)}
            data-testid="form-save"
          >
            {editor.id === null ? t('forms.create') : t('forms.save')}
          </Button>
        </div>
      )}

      {dialog === 'delete' && editor.id !== null && (
        <DeleteFormDialog id={editor.id} name={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'copy' && editor.id !== null && (
        <CopyFormDialog id={editor.id} name={name} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
