/**
 * A hand-made estimate document as the versions feature keeps it (a snapshot: the detail's header and
 * its items as the service sends them), and a version reference for it: for change-order tests that
 * need no cache.
 */
import type { EstimateDocument } from '../../src-shared/estimates/types';
import type { VersionRef } from '../../src-shared/versions/types';
import type { Snapshot } from '../../src-main/versions/snapshot';
import { allNodes } from './export-fixture';

export function snapshotOfDocument(doc: EstimateDocument): Snapshot {
  return {
    header: { ...doc.estimate, estimate_totals: doc.service_totals },
    items: allNodes(doc).map(({ children: _children, ...item }) => ({ ...item })),
  };
}

export function versionRefOf(doc: EstimateDocument, seq: number, modified: string): VersionRef {
  return {
    estimateId: doc.estimate.id,
    estimateName: doc.estimate.name,
    uniqueIdentifier: doc.estimate.unique_identifier,
    versionId: seq,
    seq,
    name: null,
    fetchedAt: '2026-11-26T18:15:00.000Z',
    modified,
  };
}
