import { useCallback } from 'react';
import { FORM_TARGETS } from '../../../../src-shared/forms/tree';
import type { ContextOption } from '../../../../src-shared/forms/types';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/store';

const TARGET_KEYS: Record<(typeof FORM_TARGETS)[number], MessageKey> = {
  plan: 'forms.context.plan',
  floor: 'forms.context.floor',
  room: 'forms.context.room',
  objectsTree: 'forms.context.objectsTree',
};

function isTarget(value: string): value is (typeof FORM_TARGETS)[number] {
  return (FORM_TARGETS as readonly string[]).includes(value);
}

/**
 * What a context value is called: the four targets in the UI language, an option by the label the
 * service gave it, anything else as sent.
 */
export function useContextLabel(options: ContextOption[] | null): (value: string) => string {
  const t = useT();
  return useCallback(
    (value: string) => {
      if (isTarget(value)) return t(TARGET_KEYS[value]);
      return options?.find((o) => o.value === value)?.label ?? value;
    },
    [options, t],
  );
}

/** The contexts on offer: the service's planned list when it answers, else the four targets. */
export function contextChoices(options: ContextOption[] | null): ContextOption[] {
  return options ?? FORM_TARGETS.map((value) => ({ value, label: value, kind: 'target' }));
}

export type ContextGroup = 'target' | 'room-type' | 'object-category' | 'other';

export function groupOf(option: ContextOption): ContextGroup {
  if (isTarget(option.value) || option.kind === 'target') return 'target';
  if (option.kind === 'room-type' || option.kind === 'object-category') return option.kind;
  return 'other';
}
