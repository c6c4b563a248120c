/**
 * /forms: list, get, create, update, delete, with schema validation of nested elements. Fields the
 * simulator does not check are kept as sent, at every level: the live schema is not shown, and a
 * client must not lose what it does not understand. With the variant `plannedFormEndpoints`, also
 * the spec's planned operations (context options, publish, unpublish) under paths of our choosing.
 */
import { randomUUID } from 'node:crypto';
import { requireAdmin } from '../auth';
import type { SimForm, SimFormElement } from '../data/types';
import { isoSeconds } from '../formatting';
import { badRequest, isPlainObject, json, notFound, type Reply } from '../http-util';
import { pageInfo } from '../paging';
import type { Router } from '../router';
import type { ApiContext } from '../state';
import { FieldCollector, objectBody } from '../validation';

const CONTEXTS = ['plan', 'floor', 'room', 'objectsTree'] as const;
const TYPES = ['section', 'question'] as const;
const INPUTS = ['text', 'number', 'choice', 'checkbox', 'date', 'photo'] as const;
const MAX_DEPTH = 32;
const ELEMENT_KEYS = new Set(['id', 'type', 'label', 'input', 'options', 'required', 'children']);
/** Top-level keys the service manages: never taken from a request body. */
const MANAGED_KEYS = new Set(['id', 'created', 'modified', 'published']);
const FORM_KEYS = new Set(['name', 'context', 'children', ...MANAGED_KEYS]);

/** What a request sent besides the checked keys, in the order sent. */
function extraFields(body: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !known.has(k)));
}

function oneOf<T extends string>(list: readonly T[], v: unknown): v is T {
  return typeof v === 'string' && (list as readonly string[]).includes(v);
}

/** The planned context options: the four targets, the workspace's room types and object categories. */
function contextOptions(ctx: ApiContext): { value: string; label: string; kind: string }[] {
  const roomTypes = new Set<string>();
  const categories = new Set<string>();
  for (const p of ctx.ws.data.projects) {
    for (const floor of p.plan.floors) {
      for (const room of floor.rooms) {
        if (room.values.roomType) roomTypes.add(room.values.roomType);
        for (const o of room.objects) categories.add(o.category);
      }
    }
  }
  const labels: Record<(typeof CONTEXTS)[number], string> = {
    plan: 'Plan',
    floor: 'Floor',
    room: 'Room',
    objectsTree: 'Objects',
  };
  return [
    ...CONTEXTS.map((c) => ({ value: c, label: labels[c], kind: 'target' })),
    ...[...roomTypes].sort().map((t) => ({ value: `room:${t}`, label: t, kind: 'room-type' })),
    ...[...categories].sort().map((c) => ({ value: `objectsTree:${c}`, label: c, kind: 'object-category' })),
  ];
}

function allowedContexts(ctx: ApiContext): readonly string[] {
  return ctx.sim.variants.plannedFormEndpoints ? contextOptions(ctx).map((o) => o.value) : CONTEXTS;
}

function validateContext(
  v: unknown,
  f: FieldCollector,
  allowed: readonly string[],
): SimForm['context'] | undefined {
  if (v === undefined || v === null) return void f.add('context', 'is required');
  if (!Array.isArray(v)) return void f.add('context', 'must be an array');
  if (v.length === 0) return void f.add('context', 'must not be empty');
  let ok = true;
  v.forEach((c, i) => {
    if (!oneOf(allowed, c)) {
      f.add(`context[${i}]`, `must be one of ${allowed.join(', ')}`);
      ok = false;
    }
  });
  return ok ? (v as SimForm['context']) : undefined;
}

function validateElements(
  v: unknown,
  path: string,
  f: FieldCollector,
  depth: number,
): SimFormElement[] | undefined {
  if (!Array.isArray(v)) return void f.add(path, 'must be an array');
  if (depth > MAX_DEPTH) return void f.add(path, `must not be nested deeper than ${MAX_DEPTH} levels`);
  const out: SimFormElement[] = [];
  v.forEach((el: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isPlainObject(el)) return f.add(at, 'must be an object');
    const type = el.type;
    if (type === undefined || type === null) f.add(`${at}.type`, 'is required');
    else if (typeof type !== 'string') f.add(`${at}.type`, 'must be a string');
    else if (!oneOf(TYPES, type)) f.add(`${at}.type`, `must be one of ${TYPES.join(', ')}`);
    const label = el.label;
    if (label === undefined || label === null) f.add(`${at}.label`, 'is required');
    else if (typeof label !== 'string') f.add(`${at}.label`, 'must be a string');
    const element: SimFormElement = {
      id: randomUUID(),
      type: type as SimFormElement['type'],
      label: label as string,
    };
    if (el.id !== undefined && el.id !== null) {
      if (typeof el.id !== 'string' || el.id === '') f.add(`${at}.id`, 'must be a non-empty string');
      else element.id = el.id;
    }
    if (el.input !== undefined && el.input !== null) {
      if (!oneOf(INPUTS, el.input)) f.add(`${at}.input`, `must be one of ${INPUTS.join(', ')}`);
      else element.input = el.input;
    }
    if (el.options !== undefined && el.options !== null) {
      if (!Array.isArray(el.options) || !el.options.every((o) => typeof o === 'string')) {
        f.add(`${at}.options`, 'must be an array of strings');
      } else element.options = el.options as string[];
    }
    if (el.required !== undefined && el.required !== null) {
      if (typeof el.required !== 'boolean') f.add(`${at}.required`, 'must be a boolean');
      else element.required = el.required;
    }
    if (el.children !== undefined && el.children !== null) {
      const children = validateElements(el.children, `${at}.children`, f, depth + 1);
      if (children) element.children = children;
    }
    out.push({ ...element, ...extraFields(el, ELEMENT_KEYS) });
  });
  return out;
}

function findForm(ctx: ApiContext, id: string | undefined): SimForm {
  const form = id === undefined ? undefined : ctx.ws.form(id);
  if (!form) throw notFound('Form');
  return form;
}

/** The form as the API shows it: its publication state only where the planned endpoints exist. */
function formView(ctx: ApiContext, form: SimForm): Record<string, unknown> {
  const { published, ...rest } = form;
  return ctx.sim.variants.plannedFormEndpoints ? { ...rest, published: published ?? false } : rest;
}

function requirePlanned(ctx: ApiContext): void {
  if (!ctx.sim.variants.plannedFormEndpoints) throw notFound('Endpoint');
}

function setPublished(ctx: ApiContext, p: Record<string, string>, published: boolean): Reply {
  requirePlanned(ctx);
  requireAdmin(ctx);
  const form = findForm(ctx, p.id);
  form.published = published;
  form.modified = isoSeconds(ctx.sim.now());
  return json({ data: formView(ctx, form) });
}

async function createForm(ctx: ApiContext): Promise<Reply> {
  requireAdmin(ctx);
  const body = objectBody(await ctx.body());
  const f = new FieldCollector();
  const name = f.requiredString(body, 'name');
  const context = validateContext(body.context, f, allowedContexts(ctx));
  const children =
    body.children === undefined || body.children === null
      ? void f.add('children', 'is required')
      : validateElements(body.children, 'children', f, 1);
  f.throwIfAny();
  if (name === undefined || !context || !children) throw badRequest('Validation failed');
  const now = isoSeconds(ctx.sim.now());
  const form: SimForm = {
    id: randomUUID(),
    name,
    context,
    children,
    ...extraFields(body, FORM_KEYS),
    created: now,
    modified: now,
  };
  ctx.ws.addForm(form);
  return json({ data: formView(ctx, form) }, 201);
}

async function updateForm(ctx: ApiContext, p: Record<string, string>): Promise<Reply> {
  requireAdmin(ctx);
  const form = findForm(ctx, p.id);
  const body = objectBody(await ctx.body());
  if (body.name === undefined && body.context === undefined && body.children === undefined) {
    throw badRequest('Nothing to update: send name, context or children');
  }
  const f = new FieldCollector();
  const name = body.name === undefined ? undefined : f.requiredString(body, 'name');
  const context =
    body.context === undefined ? undefined : validateContext(body.context, f, allowedContexts(ctx));
  const children =
    body.children === undefined ? undefined : validateElements(body.children, 'children', f, 1);
  f.throwIfAny();
  if (name !== undefined) form.name = name;
  if (context !== undefined) form.context = context;
  if (children !== undefined) form.children = children;
  // A partial update: other fields sent replace theirs, fields not sent stay as they were.
  Object.assign(form, extraFields(body, FORM_KEYS));
  form.modified = isoSeconds(ctx.sim.now());
  return json({ data: formView(ctx, form) });
}

export function registerFormRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/forms', (ctx) => {
      const forms = ctx.ws.data.forms;
      // All forms come on one page; page parameters are not part of this endpoint.
      const pageSize = Math.max(forms.length, 1);
      return json({
        data: forms.map((form) => formView(ctx, form)),
        page_info: pageInfo(ctx, forms.length, { page: 1, pageSize }),
      });
    })
    .add('POST', '/forms', createForm)
    .add('GET', '/forms/context-options', (ctx) => {
      requirePlanned(ctx);
      return json({ data: contextOptions(ctx) });
    })
    .add('GET', '/forms/:id', (ctx, p) => json({ data: formView(ctx, findForm(ctx, p.id)) }))
    .add('GET', '/forms/:id/publication', (ctx, p) => {
      requirePlanned(ctx);
      return json({ data: { published: findForm(ctx, p.id).published ?? false } });
    })
    .add('PUT', '/forms/:id/publish', (ctx, p) => setPublished(ctx, p, true))
    .add('PUT', '/forms/:id/unpublish', (ctx, p) => setPublished(ctx, p, false))
    .add('PUT', '/forms/:id', updateForm)
    .add('DELETE', '/forms/:id', (ctx, p) => {
      requireAdmin(ctx);
      const form = findForm(ctx, p.id);
      ctx.ws.removeForm(form.id);
      return json({ data: { id: form.id, deleted: true } });
    });
}
