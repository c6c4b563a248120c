/**
 * Reading a version's stored bodies, checked. Every body carries the SHA-256 it had when it was
 * written (schema 4); each is checked before a worker reads it, so a body damaged on disk is found
 * where it is: that version is marked damaged, and at once so is every version stored as changes
 * from it, however deep (version-table.ts `markDamaged`: they cannot be read either), while the
 * others stay readable. A body an older PlanDesk wrote has no checksum: its version is checked by its
 * content hash in the worker instead (`verify`), and once that passed its bodies get their checksums.
 * A damaged version whose content is fetched again is repaired (version-recorder.ts), and the
 * versions stored as changes from it that read again are no longer marked (`readableAgain`).
 */
import { createHash } from 'node:crypto';
import type { ChainBody, StoredVersion, VersionTable } from '../cache/version-table';
import { ServiceError } from '../errors/service-error';
import type { SideInput, VersionsInput } from './version-tasks';

/** A version that cannot be read, in words: which one, and why (its own body, or its base's). */
export function damagedVersionError(version: StoredVersion, cause: StoredVersion | null): ServiceError {
  const which = `Version ${version.seq} of "${version.summary.name}" (fetched ${version.fetchedAt.toISOString()})`;
  const why =
    cause && cause.id !== version.id
      ? ` It is stored as the changes from version ${cause.seq}, which is damaged.`
      : '';
  return new ServiceError(
    'damaged',
    `${which} is damaged on this computer and cannot be read.${why} The other versions can still be opened and compared.`,
  );
}

/** Why a marked version cannot be read: the first damaged version of its chain (itself, or a base). */
export function damagedCause(table: VersionTable, version: StoredVersion): StoredVersion {
  let cause = version;
  let at: StoredVersion | null = version;
  for (let depth = 0; at && depth < 10_000; depth++) {
    if (at.damaged) cause = at;
    at = at.baseId === null ? null : table.get(at.baseId);
  }
  return cause;
}

/**
 * After `repaired` was given a whole body again: each marked version of its estimate whose chain now
 * passes through it and checks out, body by body, is no longer marked. One whose chain has a body
 * without a checksum stays marked (only a read in the worker could tell).
 */
export function readableAgain(table: VersionTable, repaired: StoredVersion): void {
  const cleared: number[] = [];
  for (const v of table.list(repaired.projectId, repaired.estimateId)) {
    if (!v.damaged || v.id === repaired.id) continue;
    const chain = table.chain(v.id);
    if (!chain?.some((b) => b.id === repaired.id)) continue;
    const intact = chain.every(
      (b) => b.sha256 !== null && createHash('sha256').update(b.body).digest('hex') === b.sha256,
    );
    if (intact) cleared.push(v.id);
  }
  if (cleared.length > 0) table.clearDamaged(cleared);
}

function unreadable(version: StoredVersion): ServiceError {
  return new ServiceError(
    'not-found',
    `Version ${version.seq} of "${version.summary.name}" cannot be read from the offline cache on this computer.`,
  );
}

/**
 * The version's chain (its whole copy first), every body checked against its checksum; a damaged
 * one is marked (with every version stored as changes from it), and named in the error.
 */
export function verifiedChain(
  table: VersionTable,
  version: StoredVersion,
  /** Checksums checked already, by body (the other side of a comparison shares most of its chain). */
  checked?: ReadonlyMap<number, string | null>,
): ChainBody[] {
  const chain = table.chain(version.id);
  if (!chain) throw unreadable(version);
  for (const body of chain) {
    if (body.sha256 === null || checked?.get(body.id) === body.sha256) continue;
    if (createHash('sha256').update(body.body).digest('hex') === body.sha256) continue;
    table.markDamaged(body.id);
    throw damagedVersionError(version, table.get(body.id));
  }
  return chain;
}

/** Whether a chain has a body without a checksum (its version is then checked by content). */
export function needsContentCheck(chain: readonly ChainBody[]): boolean {
  return chain.some((b) => b.sha256 === null);
}

/** Both versions' bodies, what their chains share read once. */
export function bodiesOf(table: VersionTable, from: StoredVersion, to: StoredVersion): VersionsInput {
  const a = verifiedChain(table, from);
  const b = verifiedChain(table, to, new Map(a.map((c) => [c.id, c.sha256])));
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared]!.id === b[shared]!.id) shared++;
  const side = (chain: ChainBody[], v: StoredVersion): SideInput => ({
    bodies: chain.slice(shared).map((c) => c.body),
    hash: v.hash,
    ...(needsContentCheck(chain) ? { verify: true } : {}),
  });
  return {
    common: a.slice(0, shared).map((c) => c.body),
    from: side(a, from),
    to: side(b, to),
  };
}

/** A version's chain as a worker's input, with how many deltas deep it is and its content hash. */
export function chainInput(
  table: VersionTable,
  version: StoredVersion,
): { bodies: Uint8Array[]; depth: number; hash: string; verify?: boolean } {
  return chainOf(table, version).input;
}

/** chainInput, and the checksum of the version's own body (null: an older PlanDesk wrote it). */
export function chainOf(
  table: VersionTable,
  version: StoredVersion,
): { input: ReturnType<typeof chainInput>; sha256: string | null } {
  const chain = verifiedChain(table, version);
  return {
    input: {
      bodies: chain.map((c) => c.body),
      depth: chain.length - 1,
      hash: version.hash,
      ...(needsContentCheck(chain) ? { verify: true } : {}),
    },
    sha256: chain[chain.length - 1]!.sha256,
  };
}

/**
 * A worker found that a side's content does not match its hash (`fieldErrors.version` names the
 * side): that version is marked damaged and named. Any other error passes unchanged.
 */
export function sideDamaged(
  err: unknown,
  table: VersionTable,
  sides: { from: StoredVersion; to: StoredVersion },
): unknown {
  if (!(err instanceof ServiceError) || err.kind !== 'damaged') return err;
  const side = err.fieldErrors?.version?.[0];
  const version = side === 'from' ? sides.from : side === 'to' ? sides.to : null;
  if (!version) return err;
  table.markDamaged(version.id);
  return damagedVersionError(version, version);
}

/** A worker read and checked versions by content: their bodies get the checksums they lacked. */
export function fillVerifiedChecksums(
  table: VersionTable,
  input: VersionsInput,
  versions: readonly StoredVersion[],
): void {
  if (!input.from.verify && !input.to.verify) return;
  for (const v of versions) {
    const chain = table.chain(v.id);
    if (chain && needsContentCheck(chain)) table.fillChecksums(chain);
  }
}
