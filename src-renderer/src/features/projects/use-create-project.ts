import { useEffect, useRef, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { ProjectRow } from '../../../../src-shared/projects/types';
import { call } from '../../api';
import { mapFieldErrors } from '../../errors/field-errors';
import type { MessageKey } from '../../i18n/messages';
import { useProjects } from './store';
import { DRAFT_FIELDS, PROJECT_FIELD_MAP, toNewProject, validateDraft, type DraftField } from './validation';

/** Editing; looking up the external reference; offering the projects that have it; creating. */
export type CreatePhase = 'edit' | 'checking' | 'duplicates' | 'creating';

/**
 * The create-project dialog's state and steps (CreateProjectDialog.tsx): the draft's checks, the
 * lookup of its external reference (projects are metered: an existing project with it is offered
 * first), the create, and the service's field errors. `onClose` is called once it is done.
 */
export function useCreateProject(onClose: () => void) {
  const draft = useProjects((s) => s.draft);
  const [phase, setPhase] = useState<CreatePhase>('edit');
  const [clientErrors, setClientErrors] = useState<Partial<Record<DraftField, MessageKey>>>({});
  const [serviceErrors, setServiceErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [error, setError] = useState<ErrorValue | null>(null);
  const [extra, setExtra] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<ProjectRow[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirmedRef, setConfirmedRef] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const duplicatesRef = useRef<HTMLDivElement>(null);
  const busy = phase === 'checking' || phase === 'creating';
  const store = useProjects.getState;

  // Duplicates found: the choice gets the focus (Open existing project comes first).
  useEffect(() => {
    if (phase === 'duplicates') duplicatesRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [phase]);

  const focusField = (field: DraftField) => {
    formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
  };

  const change = (field: DraftField, value: string) => {
    store().updateDraft({ [field]: value });
    if (clientErrors[field]) setClientErrors((e) => ({ ...e, [field]: undefined }));
    if (serviceErrors[field]) setServiceErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'ref' && phase === 'duplicates') {
      setPhase('edit');
      setDuplicates([]);
    }
  };

  const create = async () => {
    setPhase('creating');
    setError(null);
    setExtra([]);
    const res = await call((api) => api.createProject(toNewProject(store().draft)));
    if (res.ok) {
      store().projectCreated(res.data);
      store().clearDraft();
      onClose();
      return;
    }
    setPhase('edit');
    if (
      res.error.kind === 'validation' &&
      res.error.fieldErrors &&
      Object.keys(res.error.fieldErrors).length > 0
    ) {
      const { fields, unmatched } = mapFieldErrors(res.error, PROJECT_FIELD_MAP);
      setServiceErrors(fields);
      setExtra(unmatched);
      setError(res.error);
      const first = DRAFT_FIELDS.find((f) => fields[f]);
      if (first) focusField(first);
    } else {
      setError(res.error);
    }
  };

  const submit = async () => {
    if (busy || phase === 'duplicates') return;
    const problems = validateDraft(draft);
    setClientErrors(problems);
    setServiceErrors({});
    const first = DRAFT_FIELDS.find((f) => problems[f]);
    if (first) {
      setError(null);
      setExtra([]);
      focusField(first);
      return;
    }
    const ref = draft.ref.trim();
    if (ref && ref !== confirmedRef) {
      setPhase('checking');
      setError(null);
      setExtra([]);
      const found = await call((api) => api.findProjectsByReference(ref));
      if (!found.ok) {
        setPhase('edit');
        setError(found.error);
        return;
      }
      if (found.data.length > 0) {
        setDuplicates(found.data);
        setChosen(found.data[0]?.id ?? null);
        setPhase('duplicates');
        return;
      }
    }
    await create();
  };

  const openExisting = () => {
    const project = duplicates.find((p) => p.id === chosen) ?? duplicates[0];
    if (!project) return;
    store().openExisting(project);
    onClose();
  };

  const createAnyway = () => {
    setConfirmedRef(draft.ref.trim());
    void create();
  };

  return {
    draft,
    phase,
    busy,
    clientErrors,
    serviceErrors,
    error,
    extra,
    duplicates,
    chosen,
    setChosen,
    formRef,
    duplicatesRef,
    change,
    submit,
    openExisting,
    createAnyway,
  };
}
