/**
 * The workspace's forms: nested sections and questions from the workspace's form specs.
 */
import type { FormSpec, FormSpecElement } from '../catalogues';
import { BASE_MS, DAY, isoOffset, timeBetween } from '../time';
import type { SimForm, SimFormElement } from '../types';
import type { Gen } from './gen';

function buildFormElements(g: Gen, specs: FormSpecElement[]): SimFormElement[] {
  return specs.map((s) => {
    if (s.section !== undefined) {
      return {
        id: g.ids.uuid(),
        type: 'section',
        label: s.section,
        children: buildFormElements(g, s.children ?? []),
      };
    }
    const el: SimFormElement = {
      id: g.ids.uuid(),
      type: 'question',
      label: s.question ?? '',
      input: s.input ?? 'text',
      required: s.required ?? false,
    };
    if (s.options) el.options = [...s.options];
    return el;
  });
}

export function buildForms(g: Gen, specs: FormSpec[]): SimForm[] {
  return specs.map((spec) => {
    const created = BASE_MS - g.rng.int(20, 90) * DAY + g.rng.int(0, 8 * 3600) * 1000;
    const modified = timeBetween(g.rng, created, BASE_MS);
    return {
      id: g.ids.uuid(),
      name: spec.name,
      context: [...spec.context],
      children: buildFormElements(g, spec.children),
      created: isoOffset(created),
      modified: isoOffset(modified),
    };
  });
}
