/**
 * `plandesk diff PROJECT_ID ESTIMATE_A [ESTIMATE_B] [--version N | --since DATE] [--json]` and
 * `plandesk export-changes PROJECT_ID ESTIMATE_A ESTIMATE_B --format pdf|xlsx --out FILE`.
 *
 * The newer side is ESTIMATE_B as the service sends it now, or without it ESTIMATE_A's. The older
 * side is ESTIMATE_A: its kept version N (`--version`), the version it was in at DATE (`--since`),
 * as the service sends it now (when ESTIMATE_B is given), or else its previous version — the one
 * PlanDesk had before the current one. Every estimate fetched is kept as a version, as in the app.
 */
import path from 'node:path';
import { plainMoney, plainQuantity } from '../../../src-shared/money/amounts';
import { currencyDigits } from '../../../src-shared/money/currency';
import type { ExportPreset } from '../../../src-shared/exports/presets';
import { exportWarningText } from '../../../src-shared/exports/warnings';
import { AMOUNT_COMPARED_FIELDS, type ComparedField } from '../../../src-shared/versions/types';
import { serviceMoment } from '../../../src-shared/time/service-time';
import type { ApiClient } from '../../api/client';
import type { StoredVersion } from '../../cache/version-table';
import { ServiceError } from '../../errors/service-error';
import type { ChangeSet, ChangeSetSide } from '../../versions/change-set';
import { previousOf, versionRef } from '../../versions/estimate-versions';
import { withCliExports } from '../exports';
import { documentFlags, type ExportContext } from './export';
import { requirePositional, type CliFlags } from '../args';
import { EN, type CliText } from '../i18n';
import type { CliVersions } from '../versions-cache';

export interface VersionsContext {
  /** The workspace's versions (opened by the caller, who closes them). */
  versions: CliVersions;
  savedPresets?: readonly ExportPreset[];
}

interface Side {
  version: StoredVersion;
  /** Fetched from the service just now (false: a kept version, or offline the last one kept). */
  live: boolean;
}

/** The estimate as the service sends it now (offline: the last version kept). */
async function current(v: CliVersions, projectId: string, estimateId: string): Promise<Side> {
  const { version, fetched } = await v.versions.fetchLatest(v.cached, projectId, estimateId);
  return { version, live: fetched.source === 'network' };
}

/** A moment from --since: a date (its start, UTC) or an ISO 8601 time. */
function sinceMoment(text: string): number {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (Number.isNaN(date)) {
    throw new ServiceError('config', '--since must be a date (2026-05-12) or an ISO 8601 time.');
  }
  return date;
}

/** When a version was the estimate: the service's `modified`, else when PlanDesk fetched it. */
function versionTime(v: StoredVersion): number {
  return serviceMoment(v.modified) ?? v.fetchedAt.getTime();
}

/** The older side (see the module's comment). */
async function older(
  v: CliVersions,
  projectId: string,
  estimateId: string,
  flags: CliFlags,
  otherEstimate: boolean,
): Promise<Side> {
  if (flags.version !== undefined && flags.since !== undefined) {
    throw new ServiceError('config', 'Give --version or --since, not both.');
  }
  const kept = () => v.cache.versions.list(projectId, estimateId);
  if (flags.version !== undefined) {
    const seq = Number(flags.version);
    if (!Number.isInteger(seq) || seq < 1) {
      throw new ServiceError('config', '--version must be a whole number of at least 1.');
    }
    const found = kept().find((x) => x.seq === seq);
    if (!found) throw new ServiceError('not-found', `PlanDesk keeps no version ${seq} of this estimate.`);
    return { version: found, live: false };
  }
  if (flags.since !== undefined) {
    const at = sinceMoment(flags.since);
    const found = kept()
      .filter((x) => versionTime(x) <= at)
      .sort((a, b) => versionTime(b) - versionTime(a) || b.seq - a.seq)[0];
    if (!found) {
      throw new ServiceError(
        'not-found',
        `PlanDesk keeps no version of this estimate from before ${flags.since}.`,
      );
    }
    return { version: found, live: false };
  }
  if (otherEstimate) return current(v, projectId, estimateId);
  const previous = previousOf(kept());
  if (!previous) {
    throw new ServiceError(
      'not-found',
      'PlanDesk has no earlier version of this estimate on this computer: it keeps one each time the ' +
        'estimate is fetched, so compare again after it changes.',
    );
  }
  return { version: previous, live: false };
}

async function sides(
  v: CliVersions,
  flags: CliFlags,
  positionals: string[],
  estimateB?: string,
): Promise<{ projectId: string; from: Side; to: Side }> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const estimateA = requirePositional(positionals, 1, 'ESTIMATE_A');
  const b = estimateB ?? positionals[2];
  const otherEstimate = b !== undefined && b !== estimateA;
  const to = await current(v, projectId, b ?? estimateA);
  const from = await older(v, projectId, estimateA, flags, otherEstimate);
  return { projectId, from, to };
}

function changeSetSide(side: Side): ChangeSetSide {
  return {
    id: side.version.estimateId,
    ...(side.live ? {} : { fetched_at: side.version.fetchedAt.toISOString() }),
    modified: side.version.modified,
  };
}

export async function diffCommand(
  _client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText = EN,
  context: VersionsContext,
): Promise<string> {
  const v = context.versions;
  const { from, to } = await sides(v, flags, positionals);
  const { comparison, changeSet } = await v.versions.compare(v.cache, from.version, to.version, {
    includeUnchanged: false,
    changeSet: { from: changeSetSide(from), to: changeSetSide(to) },
  });
  if (flags.json) return JSON.stringify(changeSet);
  const groups = new Set(comparison.rows.filter((r) => r.type === 'group').map((r) => r.id));
  return renderChangeSet(changeSet!, { from, to }, comparison.currency, groups, text);
}

function sideLabel(side: Side, { t }: CliText): string {
  const s = side.version.summary;
  const name = [s.uniqueIdentifier, s.name].filter(Boolean).join(' ');
  const which = side.live
    ? t('cli.currentVersion')
    : t('cli.versionOf', {
        seq: side.version.seq,
        // A version is the estimate as the service last changed it (when fetched, if it never said).
        date:
          side.version.modified?.slice(0, 16).replace('T', ' ') ??
          side.version.fetchedAt.toISOString().slice(0, 16).replace('T', ' '),
      });
  return `${name} (${which}${side.version.name ? `, "${side.version.name}"` : ''})`;
}

/** A field's value for people: money at the currency's digits. */
function value(field: ComparedField, text: string | null, digits: number): string {
  if (text === null) return '—';
  if (field === 'quantity') return plainQuantity(text);
  if (AMOUNT_COMPARED_FIELDS.has(field))
    return field === 'tax' ? plainQuantity(text) : plainMoney(text, digits);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);
}

function signed(text: string, digits: number): string {
  const money = plainMoney(text, digits);
  return money.startsWith('-') ? money : `+${money}`;
}

/**
 * The change set for people: what was added, removed, moved and changed, the groups' new totals (a
 * group whose total alone changed, because its items did), and the totals' change.
 */
export function renderChangeSet(
  set: ChangeSet,
  sides: { from: Side; to: Side },
  currency: string | null,
  groups: ReadonlySet<string>,
  text: CliText,
): string {
  const { t } = text;
  const digits = currencyDigits(currency);
  const blocks = [
    `${t('cli.diffFrom')}: ${sideLabel(sides.from, text)}\n${t('cli.diffTo')}: ${sideLabel(sides.to, text)}`,
  ];
  const name = (item: { code: string | null; name: string | null }) =>
    [item.code, item.name].filter(Boolean).join(' ');
  const list = (title: string, lines: string[]) => {
    if (lines.length > 0) blocks.push([`${title} (${lines.length})`, ...lines].join('\n'));
  };
  list(
    t('cli.added'),
    set.added.map((i) => `  + ${name(i)}  ${plainMoney(i.total, digits)}`),
  );
  list(
    t('cli.removed'),
    set.removed.map((i) => `  - ${name(i)}  ${plainMoney(i.total, digits)}`),
  );
  list(
    t('cli.moved'),
    set.moved.map((m) => `  > ${m.id}: ${m.from_parent ?? '—'} → ${m.to_parent ?? '—'}`),
  );
  const subtotalOnly = (c: ChangeSet['changed'][number]) =>
    groups.has(c.id) && !c.from_id && Object.keys(c.fields).every((f) => f === 'total');
  list(
    t('cli.changed'),
    set.changed
      .filter((c) => !subtotalOnly(c))
      .map((c) =>
        [
          `  ~ ${c.name ?? c.id}${c.from_id ? ` (${t('cli.matchedByCodeName', { id: c.from_id })})` : ''}`,
          ...Object.entries(c.fields).map(
            ([field, change]) =>
              `      ${field}: ${value(field as ComparedField, change.from, digits)} → ${value(field as ComparedField, change.to, digits)}`,
          ),
        ].join('\n'),
      ),
  );
  list(
    t('cli.groupTotals'),
    set.changed
      .filter(subtotalOnly)
      .map(
        (c) =>
          `  Σ ${c.name ?? c.id}: ${value('total', c.fields.total!.from, digits)} → ${value('total', c.fields.total!.to, digits)}`,
      ),
  );
  if (blocks.length === 1) blocks.push(t('cli.noChanges'));
  const d = set.totals_delta;
  blocks.push(
    `${t('cli.totalsChange')}${currency ? ` (${currency})` : ''}: ${t('cli.net')} ${signed(d.net, digits)}  ${t('cli.vat')} ${signed(d.tax, digits)}  ${t('cli.gross')} ${signed(d.gross, digits)}`,
  );
  return blocks.join('\n\n');
}

/**
 * `plandesk export-changes PROJECT_ID ESTIMATE_A ESTIMATE_B --format pdf|xlsx --out FILE
 * [--preset quote|internal|NAME] [--columns a,b,c] [--lang xx-XX] [--paper A4|Letter]
 * [--version N | --since DATE]`: the change order, a client document by default (the same presets
 * and rules as quotes), written by the one export use case.
 */
export async function exportChangesCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  { t, lang }: CliText = EN,
  context: VersionsContext & ExportContext,
): Promise<string> {
  const estimateB = requirePositional(positionals, 2, 'ESTIMATE_B');
  const { out, format, presetId, columns, paper, resolved } = documentFlags(flags, context.savedPresets);
  const v = context.versions;
  const { projectId, from, to } = await sides(v, flags, positionals, estimateB);
  const changeOrder = async () => {
    const company = await v.versions.cachedCompany(v.cache, projectId, to.version.estimateId);
    return {
      versions: v.versions.bodies(v.cache, from.version, to.version),
      refs: { from: versionRef(from.version), to: versionRef(to.version) },
      companyImages: company.images,
      companyCountry: company.country,
      source: 'network' as const,
      fetchedAt: to.version.fetchedAt,
    };
  };
  const outcome = await withCliExports(client, out, lang, { ...context, changeOrder }, (exports) =>
    exports.changeOrder({
      projectId,
      from: { estimateId: from.version.estimateId, versionId: from.version.id },
      to: { estimateId: to.version.estimateId, versionId: to.version.id },
      format,
      presetId,
      ...(columns ? { columns: columns as never } : {}),
      language: context.chosenLanguage,
      paper,
    }),
  );
  for (const w of outcome.warnings) context.warn?.(`warning: ${exportWarningText(w, t, lang)}`);
  const where = outcome.path ?? path.resolve(out);
  if (flags.json)
    return JSON.stringify({
      path: where,
      kind: resolved.kind,
      language: outcome.language,
      from: changeSetSide(from),
      to: changeSetSide(to),
    });
  return t('cli.exportedChanges', { path: where });
}
