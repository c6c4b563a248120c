import { create } from 'zustand';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen } from '../navigation/store';
import { isDirty, type FormsState } from './forms-state';
import { editorSlice, openLatest } from './store-editor';
import { formActionsSlice } from './store-form-actions';

export { isDirty, type EditorState } from './forms-state';

/**
 * The forms screen: the workspace's forms, and one form open in the editor. The editor holds the
 * document exactly as the service sent it and changes it only by patches (src-shared/forms/edit.ts);
 * saving sends the top-level fields that differ from what was loaded. The state is in
 * forms-state.ts, the editor's actions in store-editor.ts, the actions on a whole form in
 * store-form-actions.ts.
 */

const listLatest = latestOnly();

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

export const useForms = create<FormsState>()((set, get) => ({
  ...fresh,
  workspaceId: null,
  ...editorSlice(set, get),
  ...formActionsSlice(set, get),

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

  dismissImport: () => set({ importOutcome: null, importError: null }),
  dismissDeleted: () => set({ deleted: null }),
}));

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
