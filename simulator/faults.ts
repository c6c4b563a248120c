/**
 * Switchable misbehaviour of the API server (faults) and live-service shape variants.
 */
import { badRequest, isPlainObject, type FieldErrors } from './http-util';
import { VARIANT_NAMES, type FaultSpec, type VariantFlags } from './sim-types';

export type FaultAction = 'drop' | 'fail500' | 'fail429' | 'malformed' | 'dropAfter';

/** When several counters are set, the first non-zero in this order applies to a request. */
const ACTIONS: readonly FaultAction[] = ['drop', 'fail500', 'fail429', 'malformed', 'dropAfter'];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

export class FaultState {
  private spec: FaultSpec = {};

  set(spec: FaultSpec): void {
    this.spec = { ...validateFaultSpec(spec) };
  }

  clear(): void {
    this.spec = {};
  }

  snapshot(): FaultSpec {
    return { ...this.spec };
  }

  /** What happens to one API request; consumes one count of the chosen action. */
  take(path: string, method = 'GET'): { latencyMs: number; action: FaultAction | null } {
    const s = this.spec;
    if (s.path !== undefined && !path.includes(s.path)) return { latencyMs: 0, action: null };
    if (s.pathEndsWith !== undefined && !path.endsWith(s.pathEndsWith)) return { latencyMs: 0, action: null };
    if (s.method !== undefined && method.toUpperCase() !== s.method) return { latencyMs: 0, action: null };
    for (const a of ACTIONS) {
      const n = s[a] ?? 0;
      if (n > 0) {
        s[a] = n - 1;
        return { latencyMs: s.latencyMs ?? 0, action: a };
      }
    }
    return { latencyMs: s.latencyMs ?? 0, action: null };
  }
}

function countField(
  body: Record<string, unknown>,
  name: keyof FaultSpec,
  errors: FieldErrors,
): number | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    errors[name] = ['must be a non-negative integer'];
    return undefined;
  }
  return v;
}

/** Checks a fault spec from the admin API or from code; throws a 400 HttpError. */
export function validateFaultSpec(body: unknown): FaultSpec {
  if (!isPlainObject(body)) throw badRequest('Fault spec must be a JSON object');
  const errors: FieldErrors = {};
  const spec: FaultSpec = {};
  for (const name of ['latencyMs', ...ACTIONS] as const) {
    const n = countField(body, name, errors);
    if (n !== undefined) spec[name] = n;
  }
  if (spec.latencyMs !== undefined && spec.latencyMs > 120_000) errors.latencyMs = ['must be at most 120000'];
  for (const name of ['path', 'pathEndsWith'] as const) {
    const v = body[name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') errors[name] = ['must be a string'];
    else spec[name] = v;
  }
  if (body.method !== undefined && body.method !== null) {
    const m = typeof body.method === 'string' ? body.method.toUpperCase() : '';
    if (!(METHODS as readonly string[]).includes(m)) errors.method = [`must be one of ${METHODS.join(', ')}`];
    else spec.method = m as (typeof METHODS)[number];
  }
  const known = new Set<string>(['latencyMs', 'path', 'pathEndsWith', 'method', ...ACTIONS]);
  for (const k of Object.keys(body)) if (!known.has(k)) errors[k] = ['is not a known fault'];
  if (Object.keys(errors).length > 0) throw badRequest('Invalid fault spec', errors);
  return spec;
}

export function defaultVariants(): VariantFlags {
  return {
    snakeCasePageInfo: false,
    unwrappedWorkspace: false,
    messageDataErrors: false,
    warnings207: false,
    moneyAsStrings: false,
    legacyPlanShape: false,
    plannedFormEndpoints: false,
    teamOnProjectListItems: false,
    roundedFileSizes: false,
  };
}

export function validateVariants(body: unknown): Partial<VariantFlags> {
  if (!isPlainObject(body)) throw badRequest('Variants must be a JSON object');
  const errors: FieldErrors = {};
  const out: Partial<VariantFlags> = {};
  for (const [k, v] of Object.entries(body)) {
    if (!(VARIANT_NAMES as readonly string[]).includes(k)) errors[k] = ['is not a known variant'];
    else if (typeof v !== 'boolean') errors[k] = ['must be a boolean'];
    else out[k as keyof VariantFlags] = v;
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid variants', errors);
  return out;
}
