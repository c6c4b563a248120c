/**
 * The Project Updated call's parameters: the ones every call carries, the external reference
 * (`listing`, as the live service names it), and the file URLs, one parameter per file grouped by
 * kind (`pdf`, `jpg0`…, `dxf0`…, `png0`…, `svg0`…, `xml`, `html`, `embedded`, and one each for IFC,
 * USDZ and OBJ, whose names the spec does not show: PlanDesk reads `ifc`, `usdz`, `obj` in any case).
 */
import { maskKey } from '../../src-shared/webhook/types';

export const REQUIRED_PARAMS = ['key', 'email', 'title', 'planid', 'project_id'] as const;
export const LISTING_PARAM = 'listing';

/** In the order the simulator writes them, which follows the service's documentation. */
export const FILE_KINDS = [
  'pdf',
  'jpg',
  'png',
  'svg',
  'dxf',
  'xml',
  'html',
  'embedded',
  'ifc',
  'usdz',
  'obj',
];
const PER_FLOOR = new Set(['jpg', 'png', 'svg', 'dxf']);

/** A wait in words for a report line: "300 ms", "15 s". */
export function waitText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** File URLs stay valid this long after the call (spec: 60 minutes). */
export const FILE_URL_LIFETIME_MS = 60 * 60 * 1000;

export function fileKindOf(param: string): string | null {
  const perFloor = /^(jpg|png|svg|dxf)(\d+)$/i.exec(param);
  if (perFloor) return (perFloor[1] as string).toLowerCase();
  const single = param.toLowerCase();
  return FILE_KINDS.includes(single) && !PER_FLOOR.has(single) ? single : null;
}

export interface FileUrl {
  param: string;
  url: string;
  /** ISO 8601: 60 minutes after the call arrived. */
  expiresAt: string;
}

export interface ReadCall {
  /** Every parameter, decoded, in the order sent (the key masked unless asked otherwise). */
  fields: Record<string, string>;
  /** The external reference (`listing`), null when the call has none. */
  listing: string | null;
  /** File URLs by kind, in the order sent. */
  files: Record<string, FileUrl[]>;
  /** Required parameters that are missing or empty. */
  missing: string[];
  /** Parameters sent more than once (the first value is shown). */
  repeated: string[];
}

/** What a received call says, read for a person. `receivedAt` starts the files' 60 minutes. */
export function readCall(pairs: [string, string][], receivedAt: Date, showKey: boolean): ReadCall {
  const fields: Record<string, string> = {};
  const files: Record<string, FileUrl[]> = {};
  const repeated = new Set<string>();
  const expiresAt = new Date(receivedAt.getTime() + FILE_URL_LIFETIME_MS).toISOString();
  for (const [name, value] of pairs) {
    if (Object.prototype.hasOwnProperty.call(fields, name)) {
      repeated.add(name);
      continue;
    }
    // defineProperty: a parameter named "__proto__" is a field like any other.
    Object.defineProperty(fields, name, {
      value: name === 'key' && !showKey ? maskKey(value) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const kind = fileKindOf(name);
    if (kind) (files[kind] ??= []).push({ param: name, url: value, expiresAt });
  }
  const missing = REQUIRED_PARAMS.filter(
    (p) => !Object.prototype.hasOwnProperty.call(fields, p) || fields[p]!.trim() === '',
  );
  const listing = Object.prototype.hasOwnProperty.call(fields, LISTING_PARAM) ? fields[LISTING_PARAM]! : null;
  return { fields, listing, files, missing, repeated: [...repeated] };
}

export interface ExportFile {
  name: string;
  file_type?: string | null;
  url?: string | null;
}

/** The file parameters the service would send for these export files, grouped by kind. */
export function fileParams(files: readonly ExportFile[]): [string, string][] {
  const byKind = new Map<string, string[]>();
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const f of sorted) {
    if (!f.url) continue;
    const ext = (f.file_type ?? f.name.split('.').pop() ?? '').toLowerCase();
    const kind = ext === 'jpeg' ? 'jpg' : ext;
    if (!FILE_KINDS.includes(kind) || kind === 'embedded') continue;
    const list = byKind.get(kind) ?? [];
    list.push(f.url);
    byKind.set(kind, list);
  }
  const out: [string, string][] = [];
  for (const kind of FILE_KINDS) {
    const urls = byKind.get(kind) ?? [];
    if (PER_FLOOR.has(kind)) urls.forEach((url, i) => out.push([`${kind}${i}`, url]));
    else if (urls[0]) out.push([kind, urls[0]]);
  }
  return out;
}
