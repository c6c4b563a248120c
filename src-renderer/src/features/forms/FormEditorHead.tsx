import { Button } from '../../components/Button';
import { useT } from '../../i18n/store';
import { useNeedsService } from '../connection/needs-service';
import { useForms, type EditorState } from './store';

interface HeadProps {
  editor: EditorState;
  name: string;
  onDialog: (d: 'delete' | 'copy') => void;
}

/** The open form's actions: publish, duplicate, copy to other workspaces, export, delete. */
function FormActions({ editor, name, onDialog }: HeadProps) {
  const t = useT();
  const needsService = useNeedsService();
  const store = useForms.getState;
  const readOnly = editor.source === 'cache';
  const busy = editor.busy !== null;
  return (
    <div className="form-editor-actions">
      {editor.capabilities.publishing && editor.published !== null && !readOnly && (
        <Button
          size="sm"
          busy={editor.busy === 'publish'}
          disabled={busy || needsService.disabled}
          title={needsService.title}
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
            disabled={busy || needsService.disabled}
            title={needsService.title}
            onClick={() => void store().duplicate(t('forms.copyName', { name }))}
            data-testid="form-duplicate"
          >
            {t('forms.duplicate')}
          </Button>
          <Button size="sm" onClick={() => onDialog('copy')} {...needsService} data-testid="form-copy">
            {t('forms.copyTo')}
          </Button>
        </>
      )}
      <Button
        size="sm"
        busy={editor.busy === 'export'}
        disabled={busy}
        onClick={() => void store().exportForm()}
        data-testid="form-export"
      >
        {t('forms.export')}
      </Button>
      {!readOnly && (
        <Button
          size="sm"
          variant="danger"
          onClick={() => onDialog('delete')}
          {...needsService}
          data-testid="form-delete"
        >
          {t('forms.delete')}
        </Button>
      )}
    </div>
  );
}

/**
 * The editor's head: the form's name (on a line of its own: a long name wraps there, never squeezed
 * by the buttons), whether it is published, and its actions.
 */
export function FormEditorHead({ editor, name, onDialog }: HeadProps) {
  const t = useT();
  return (
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
      {editor.id !== null && <FormActions editor={editor} name={name} onDialog={onDialog} />}
    </div>
  );
}
