import { useState } from 'react';
import { setFormField } from '../../../../src-shared/forms/edit';
import { elementAt, formContexts, formName, placeOfServicePath } from '../../../../src-shared/forms/tree';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { SavedFileActions } from '../../components/SavedFileActions';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { ContextPicker } from './ContextPicker';
import { CopyFormDialog } from './CopyFormDialog';
import { DeleteFormDialog } from './DeleteFormDialog';
import { FormTree } from './FormTree';
import { FormEditorHead } from './FormEditorHead';
import { useNeedsService } from '../connection/needs-service';
import { isDirty, useForms, type EditorState } from './store';

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

/** Unsaved, saving or saved; discard (or cancel a new form); save, which needs the service. */
function FormEditorFooter({ editor, dirty }: { editor: EditorState; dirty: boolean }) {
  const t = useT();
  const needsService = useNeedsService();
  const store = useForms.getState;
  return (
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
        <Button onClick={() => store().closeEditor()} disabled={editor.saving} data-testid="form-cancel-new">
          {t('common.cancel')}
        </Button>
      )}
      <Button
        variant="primary"
        busy={editor.saving}
        disabled={!dirty || needsService.disabled}
        title={needsService.title}
        onClick={() => void store().save(t)}
        data-testid="form-save"
      >
        {editor.id === null ? t('forms.create') : t('forms.save')}
      </Button>
    </div>
  );
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
      <FormEditorHead editor={editor} name={name} onDialog={setDialog} />

      {readOnly && editor.fetchedAt && !listOffline && <OfflineMarker fetchedAt={editor.fetchedAt} />}
      {editor.actionError && <Notice tone="error">{describeError(editor.actionError, lang)}</Notice>}
      {editor.exportedTo && (
        <Notice
          tone="success"
          testId="form-exported"
          actions={<SavedFileActions path={editor.exportedTo} testId="form-export-file" />}
        >
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

      {!readOnly && <FormEditorFooter editor={editor} dirty={dirty} />}

      {dialog === 'delete' && editor.id !== null && (
        <DeleteFormDialog id={editor.id} name={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'copy' && editor.id !== null && (
        <CopyFormDialog id={editor.id} name={name} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
