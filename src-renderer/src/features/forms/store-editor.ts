import { checkForm } from '../../../../src-shared/forms/check';
import { changedTopFields } from '../../../../src-shared/forms/changes';
import type { JsonObject } from '../../../../src-shared/json/exact-json';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { editorFor, type EditorState, type FormsState, type Get, type Set } from './forms-state';
import { problemTexts, serviceFieldTexts } from './problems';

/*
 * A part of the forms store (store.ts): a form opened in the editor, or a new one, changed by patches
 * and saved. Written against the store's own get and set.
 */

/** The form being opened: a newer one, or leaving the screen, drops its answer. */
export const openLatest = latestOnly();

/** Changes the open editor's state; nothing when no form is open. */
export function editorSetter(set: Set): (change: Partial<EditorState>) => void {
  return (change) => set((s) => (s.editor ? { editor: { ...s.editor, ...change } } : {}));
}

type EditorActions = 'openForm' | 'newForm' | 'closeEditor' | 'edit' | 'discard' | 'save';

export function editorSlice(set: Set, get: Get): Pick<FormsState, EditorActions> {
  const setEditor = editorSetter(set);
  return {
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
  };
}
