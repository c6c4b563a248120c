import type { Result } from '../../../../src-shared/ipc/contract';
import { call } from '../../api';
import { editorFor, type EditorState, type FormsState, type Get, type Set } from './forms-state';
import { editorSetter } from './store-editor';

/*
 * A part of the forms store (store.ts): what the user does with a whole form (duplicate, delete, copy
 * to other workspaces, export, import, publish). Written against the store's own get and set.
 */

type FormActions = 'duplicate' | 'remove' | 'copyTo' | 'exportForm' | 'importForm' | 'setPublished';

export function formActionsSlice(set: Set, get: Get): Pick<FormsState, FormActions> {
  const setEditor = editorSetter(set);

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
  };
}
