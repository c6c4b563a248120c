/** Forms as the forms screen shows them; the documents themselves stay exactly as the service sent them. */
import type { ErrorValue } from '../errors/service-error';
import type { JsonObject } from '../json/exact-json';
import type { Provenance } from '../offline/types';
import type { FormProblem } from './check';

export type { FormProblem, FormProblemCode } from './check';

export interface ContextOption {
  value: string;
  label: string;
  /** What the service said the option is (`target`, `room-type`, …), when it said. */
  kind: string | null;
}

/**
 * What the workspace's service offers beyond the spec's form endpoints: its planned ones, as probed.
 * Nothing here is shown as a button unless the service answered for it.
 */
export interface FormCapabilities {
  /** The planned context options; null when the service does not offer them (the four targets apply). */
  contextOptions: ContextOption[] | null;
  /** Whether the planned publish/unpublish endpoints answer. */
  publishing: boolean;
}

export interface FormSummary {
  id: string;
  name: string;
  contexts: string[];
  questions: number;
  sections: number;
  /** ISO 8601 as sent, when sent. */
  modified: string | null;
  /** When the service says (planned publishing). */
  published: boolean | null;
}

export interface FormList extends Partial<Provenance> {
  forms: FormSummary[];
  capabilities: FormCapabilities;
}

export interface FormDetail extends Partial<Provenance> {
  /** The form exactly as the service sent it (see src-shared/json/exact-json.ts). */
  document: JsonObject;
  /** From the planned publication endpoint; null when it does not answer. */
  published: boolean | null;
  capabilities: FormCapabilities;
}

export interface CopyOutcome {
  workspaceId: string;
  workspaceName: string;
  result: { ok: true; formId: string; name: string } | { ok: false; error: ErrorValue };
}

export type ImportOutcome =
  | { status: 'cancelled' }
  /** Nothing was sent: the file is not a form PlanDesk can send. */
  | { status: 'invalid'; file: string; problems: FormProblem[]; syntaxError: string | null }
  | { status: 'created'; file: string; form: FormDetail };
