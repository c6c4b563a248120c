import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { checkForm } from '../../../../src-shared/forms/check';
import { changedTopFields } from '../../../../src-shared/forms/changes';
import { formId } from '../../../../src-shared/forms/tree';
import type {
  CopyOutcome,
  FormCapabilities,
  FormDetail,
  FormList,
  ImportOutcome,
} from '../../../../src-shared/forms/types';
import { jsonEqual, type JsonObject } from '../../../../src-shared/json/exact-json';
import type { Result } from '../../../../src-shared/ipc/contract';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import type { TFunction } from '../../i18n/store';
import { registerScreen } from '../navigation/store';
import { problemTexts, serviceFieldTexts } from './problems';

/**
 * The forms screen: the workspace's forms, and one form open in the editor. The editor holds the
 * document exactly as the service sent it and changes it only by patches (src-shared/forms/edit.ts);
 * saving sends the top-level fields that differ from what was loaded.
 */

export interface EditorState {
  /** Null for a new form that is not saved yet. */
  id: string | null;
  /** What the service sent (or the empty new form): what "changed" is measured against. */
  original: JsonObject;
  document: JsonObject;
  published: boolean | null;
  /** What the service offers of the planned form endpoints. */
  capabilities: FormCapabilities;
  source: 'network' | 'cache';
  fetchedAt: string | null;
  saving: boolean;
  /** The last save's failure, for the top of the editor. */
  saveError: ErrorValue | null;
  /**
   * Field messages by the service's path (`name`, `context[1]`, `children[0].label`): from the
   * service's validation error or from the checks made before sending.
   */
  fieldErrors: Record<string, string>;
  /** The action under way on this form. */
  busy: 'publish' | 'duplicate' | 'export' | null;
  /** The last action's failure (publish, duplicate, export), shown until the next. */
  actionError: ErrorValue | null;
  /** Where an export was saved. */
  exportedTo: string | null;
}

interface FormsState {
  /** The workspace the data below belongs to. */
  workspaceId: string | null;
  list: FormList | null;
  listLoading: boolean;
  listError: ErrorValue | null;
  /** Loading a form into the editor. */
  opening: string | null;
  /** The form that failed to open, and why. */
  openError: { id: string; error: ErrorValue } | null;
  editor: EditorState | null;
  importing: boolean;
  importOutcome: ImportOutcome | null;
  importError: ErrorValue | null;
  /** A form was deleted: its name, for the notice. */
  deleted: string | null;

  open: (workspaceId: string | null) => void;
  loadList: () => Promise<void>;
  openForm: (id: string) => Promise<void>;
  newForm: (name: string) => void;
  closeEditor: () => void;
  /** Applies one patch to the open document. `structural`: element places change (old field errors go). */
  edit: (change: (doc: JsonObject) => JsonObject, touched?: string[], structural?: boolean) => void;
  discard: () => void;
  /** Checks, then creates or updates; `t` words the checks' findings. */
  save: (t: TFunction) => Promise<boolean>;
  duplicate: (name: string) => Promise<void>;
  remove: (id: string) => Promise<ErrorValue | null>;
  copyTo: (id: string, workspaceIds: string[]) => Promise<CopyOutcome[] | ErrorValue>;
  exportForm: () => Promise<void>;
  importForm: () => Promise<void>;
  setPublished: (published: boolean) => Promise<void>;
  dismissImport: () => void;
  dismissDeleted: () => void;
}

const listLatest = latestOnly();
const openLatest = latestOnly();

const fresh = {
  list: null,
  listLoading: false,
  listError: null,
  opening: null,
  openError: null,
  editor: null,
  importing: false,
  importOutcome: null,
  importError: null,
  deleted: null,
} satisfies Partial<FormsState>;

function editorFor(detail: FormDetail): EditorState {
  return {
    id: formId(detail.document),
    original: detail.document,
    document: detail.document,
    published: detail.published,
    capabilities: detail.capabilities,
    source: detail.source ?? 'network',
    fetchedAt: detail.fetchedAt ?? null,
    saving: false,
    saveError: null,
    fieldErrors: {},
    busy: null,
    actionError: null,
    exportedTo: null,
  };
}

export function isDirty(editor: EditorState): boolean {
  return editor.id === null || !jsonEqual(editor.original, editor.document);
}

export const useForms = create<FormsState>()((set, get) => {
  const setEditor = (change: Partial<EditorState>) =>
    set((s) => (s.editor ? { editor: { ...s.editor, ...change } } : {}));

  /** An action on the open, saved form; its answer is dropped if another form was opened meanwhile. */
  const onOpenForm = async <T>(
    busy: NonNullable<EditorState['busy']>,
    run: (id: string) => Promise<Result<T>>,
    done: (data: T) => void,
  ): Promise<void> => {
    const id = get().editor?.id;
    if (!id) return;
    setEditor({ busy, actionError: null, exportedTo: null });
    const res = await run(id);
    if (get().editor?.id !== id) return;
    if (res.ok) done(res.data);
    else setEditor({ busy: null, actionError: res.error });
  };

  return {
    ...fresh,
    workspaceId: null,

    open: (workspaceId) => {
      if (workspaceId !== get().workspaceId) {
        listLatest.invalidate();
        openLatest.invalidate();
        set({ ...fresh, workspaceId });
      }
      void get().loadList();
    },

    loadList: async () => {
      const token = listLatest.begin();
      set({ listLoading: true, listError: null });
      const res = await call((api) => api.listForms());
      if (!listLatest.isCurrent(token)) return;
      if (res.ok) set({ list: res.data, listLoading: false });
      else set({ listError: res.error, listLoading: false });
    },

    openForm: async (id) => {
      const token = openLatest.begin();
      set({ opening: id, openError: null });
      const res = await call((api) => api.getForm({ id }));
      if (!openLatest.isCurrent(token)) return;
      if (res.ok) set({ opening: null, editor: editorFor(res.data) });
      else set({ opening: null, editor: null, openError: { id, error: res.error } });
    },

    newForm: (name) => {
      openLatest.invalidate();
      const document: JsonObject = { name, context: ['plan'], children: [] };
      const capabilities = get().list?.capabilities ?? { contextOptions: null, publishing: false };
      set({
        opening: null,
        openError: null,
        editor: { ...editorFor({ document, published: null, capabilities }), id: null },
      });
    },

    closeEditor: () => {
      openLatest.invalidate();
      set({ editor: null, opening: null, openError: null });
    },

    edit: (change, touched = [], structural = false) => {
      const editor = get().editor;
      if (!editor || editor.saving) return;
      const document = change(editor.document);
      let fieldErrors = editor.fieldErrors;
      if (structural) fieldErrors = {};
      else if (touched.length > 0) {
        fieldErrors = Object.fromEntries(
          Object.entries(fieldErrors).filter(
            ([path]) => !touched.some((t) => path === t || path.startsWith(`${t}[`)),
          ),
        );
      }
      setEditor({ document, fieldErrors, exportedTo: null });
    },

    discard: () => {
      const editor = get().editor;
      if (editor) setEditor({ document: editor.original, fieldErrors: {}, saveError: null });
    },

    save: async (t) => {
      const editor = get().editor;
      if (!editor || editor.saving) return false;
      const body = editor.id === null ? editor.document : changedTopFields(editor.original, editor.document);
      const problems = checkForm(body, { partial: editor.id !== null });
      if (problems.length > 0) {
        setEditor({ fieldErrors: problemTexts(problems, t), saveError: null });
        return false;
      }
      setEditor({ saving: true, saveError: null });
      const id = editor.id;
      const res = await call((api) =>
        id === null ? api.createForm({ document: body }) : api.updateForm({ id, changes: body }),
      );
      if (get().editor?.original !== editor.original) return false; // another form was opened meanwhile
      if (res.ok) {
        set({ editor: editorFor(res.data) });
        void get().loadList();
        return true;
      }
      const fields = res.error.kind === 'validation' ? (res.error.fieldErrors ?? {}) : {};
      setEditor({ saving: false, saveError: res.error, fieldErrors: serviceFieldTexts(fields) });
      return false;
    },

    duplicate: (name) =>
      onOpenForm(
        'duplicate',
        (id) => call((api) => api.duplicateForm({ id, name })),
        (detail) => {
          set({ editor: editorFor(detail) });
          void get().loadList();
        },
      ),

    remove: async (id) => {
      const res = await call((api) => api.deleteForm({ id }));
      if (!res.ok) return res.error;
      const name = get().list?.forms.find((f) => f.id === id)?.name ?? id;
      set((s) => ({ deleted: name, editor: s.editor?.id === id ? null : s.editor }));
      void get().loadList();
      return null;
    },

    copyTo: async (id, workspaceIds) => {
      const res = await call((api) => api.copyFormToWorkspaces({ id, workspaceIds }));
      return res.ok ? res.data : res.error;
    },

    exportForm: () =>
      onOpenForm(
        'export',
        (id) => call((api) => api.exportForm({ id })),
        (saved) => setEditor({ busy: null, exportedTo: saved.path }),
      ),

    importForm: async () => {
      if (get().importing) return;
      set({ importing: true, importOutcome: null, importError: null });
      const res = await call((api) => api.importForm());
      if (!res.ok) {
        set({ importing: false, importError: res.error });
        return;
      }
      set({ importing: false, importOutcome: res.data.status === 'cancelled' ? null : res.data });
      if (res.data.status === 'created') {
        set({ editor: editorFor(res.data.form) });
        void get().loadList();
      }
    },

    setPublished: (published) =>
      onOpenForm(
        'publish',
        (id) => call((api) => api.setFormPublished({ id, published })),
        (detail) => {
          // What the user has not saved yet stays in the editor.
          set({ editor: { ...editorFor(detail), document: get().editor?.document ?? detail.document } });
          void get().loadList();
        },
      ),

    dismissImport: () => set({ importOutcome: null, importError: null }),
    dismissDeleted: () => set({ deleted: null }),
  };
});

registerScreen('forms', {
  open: (view) => useForms.getState().open(view.workspaceId),
  refresh: () => {
    const s = useForms.getState();
    void s.loadList();
    // An open form is fetched again only when nothing of the user's is unsaved in it.
    if (s.editor?.id && !isDirty(s.editor)) void s.openForm(s.editor.id);
  },
  leave: () => {
    openLatest.invalidate();
    listLatest.invalidate();
  },
});
