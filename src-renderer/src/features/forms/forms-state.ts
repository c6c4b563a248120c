import type { StoreApi } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { formId } from '../../../../src-shared/forms/tree';
import type {
  CopyOutcome,
  FormCapabilities,
  FormDetail,
  FormList,
  ImportOutcome,
} from '../../../../src-shared/forms/types';
import { jsonEqual, type JsonObject } from '../../../../src-shared/json/exact-json';
import type { TFunction } from '../../i18n/store';

/** The forms screen's state (store.ts): the workspace's forms, and one form open in the editor. */

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

export interface FormsState {
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

export type Set = StoreApi<FormsState>['setState'];
export type Get = StoreApi<FormsState>['getState'];

export function editorFor(detail: FormDetail): EditorState {
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
