import { describe, expect, it } from 'vitest';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { buildChangeOrder } from '../../src-main/exports/change-order/build';
import { buildChangeOrderDefinition } from '../../src-main/exports/change-order/pdf';
import { changeOrderNumber, metaPairs, noteTexts } from '../../src-main/exports/change-order/texts';
import { documentFormats } from '../../src-main/exports/formats';
import { compareSnapshots } from '../../src-main/versions/compare';
import { position, makeDocument, group, type ItemSpec } from '../helpers/export-fixture';
import { snapshotOfDocument, versionRefOf } from '../helpers/document-snapshots';

const BASE: ItemSpec[] = [
  group('Bad', [
    position('Fliesen', '12', 'm²', { labor: '45.00', material: '32.90', markupRate: '0.1' }),
    position('Abdichtung', '8', 'm²', { labor: '20.00', material: '9.50' }),
  ]),
];

/** The same estimate, changed: a re-measured quantity, a new position, a reworded description. */
function versions(header = {}) {
  const before = makeDocument({ items: BASE, header });
  const after = makeDocument({
    items: [
      group('Bad', [
        position('Fliesen', '14', 'm²', { labor: '45.00', material: '32.90', markupRate: '0.1' }),
        position('Abdichtung', '8', 'm²', { labor: '20.00', material: '9.50', description: 'zweilagig' }),
        position('Silikonfuge', '6.5', 'm', { labor: '7.20', material: '1.10' }),
      ]),
    ],
    header,
  });
  // Items keep their ids from one version to the next (the service's), the new one gets its own.
  const ids = (doc: typeof before) => doc.tree[0]!.children.map((c) => c.id);
  const [tiles, sealing] = ids(before);
  after.tree[0]!.id = before.tree[0]!.id;
  after.tree[0]!.children.forEach((c) => (c.parent_id = before.tree[0]!.id));
  after.tree[0]!.children[0]!.id = tiles!;
  after.tree[0]!.children[1]!.id = sealing!;
  after.estimate.id = before.estimate.id;
  return { before, after };
}

function orderOf(language: UiLanguage, preset = 'quote') {
  const { before, after } = versions();
  const from = versionRefOf(before, 1, '2026-11-20 09:30:00');
  const to = versionRefOf(after, 2, '2026-11-24 16:05:00');
  const a = snapshotOfDocument(before);
  const b = snapshotOfDocument(after);
  const { comparison } = compareSnapshots(a, b, { from, to, includeUnchanged: false });
  return buildChangeOrder({
    from: a,
    to: b,
    comparison,
    options: { preset, language },
    madeAt: '2026-11-26T10:00:00.000Z',
  });
}

describe('a change order', () => {
  it('is titled and numbered as a change order, dated by the service’s modified', () => {
    for (const language of ['en-US', 'de-DE', 'fr-FR', 'pt-PT', 'es-ES'] as const) {
      const t = translator(language);
      const order = orderOf(language);
      expect(changeOrderNumber(order)).toBe('A-2025-0042-20261124');
      const pairs = metaPairs(order, t);
      expect(pairs[0]).toEqual([t('doc.changeOrderNumber'), 'A-2025-0042-20261124']);
      expect(pairs.map(([label]) => label)).not.toContain(t('doc.estimateNumber'));
      const text = JSON.stringify(buildChangeOrderDefinition(order).content);
      expect(text).toContain(t('doc.changeOrder'));
      expect(text).toContain(t('doc.changeOrderNumber'));
    }
    // "Changes since" the older version as the service last changed it, to the minute (not the fetch).
    const order = orderOf('de-DE');
    expect(metaPairs(order, translator('de-DE'))).toContainEqual(['Änderungen seit', '20.11.2026, 09:30']);
  });

  it('lists a new position with its quantity, unit and unit price', () => {
    const order = orderOf('de-DE');
    const added = order.lines.find((l) => l.kind === 'added')!;
    const f = documentFormats('de-DE', 'EUR');
    const notes = noteTexts(added, translator('de-DE'), f, 'de-DE').map((n) => n.replace(/\u00a0/g, ' '));
    expect(notes).toEqual(['6,5 m × 8,30 €']);
    expect(added.netTo?.toFixed(2)).toBe('53.95');
  });

  it('never lists a field that did not change as printed; quotes text in the language’s marks', () => {
    const order = orderOf('de-DE');
    const tiles = order.lines.find((l) => l.name === 'Fliesen')!;
    const t = translator('de-DE');
    const notes = noteTexts(tiles, t, documentFormats('de-DE', 'EUR'), 'de-DE');
    // Only the quantity changed for the client: the unit price (net ÷ quantity) is the same.
    expect(notes).toEqual([
      t('doc.fieldChange', { field: t('column.quantity'), from: '12 m²', to: '14 m²' }),
    ]);
    // A reworded description, in German quotation marks (French ones in French).
    const sealing = order.lines.find((l) => l.name === 'Abdichtung')!;
    expect(noteTexts(sealing, t, documentFormats('de-DE', 'EUR'), 'de-DE')).toEqual([
      t('doc.fieldChange', { field: t('column.description'), from: '—', to: '„zweilagig“' }),
    ]);
    const french = orderOf('fr-FR');
    const fr = translator('fr-FR');
    expect(
      noteTexts(
        french.lines.find((l) => l.name === 'Abdichtung')!,
        fr,
        documentFormats('fr-FR', 'EUR'),
        'fr-FR',
      ),
    ).toEqual([
      fr('doc.fieldChange', { field: fr('column.description'), from: '—', to: '«\u00a0zweilagig\u00a0»' }),
    ]);
    expect(JSON.stringify(buildChangeOrderDefinition(order).content)).not.toContain('“zweilagig”');
  });

  it('in the internal worksheet, a cost-side unit price that prints the same is no change', () => {
    const priced = (labor: string) =>
      makeDocument({ items: [position('Fliesen', '12', 'm²', { labor, material: '32.90' })] });
    const before = priced('45.001');
    const after = priced('45.004');
    after.tree[0]!.id = before.tree[0]!.id;
    after.estimate.id = before.estimate.id;
    const order = buildChangeOrder({
      from: snapshotOfDocument(before),
      to: snapshotOfDocument(after),
      comparison: compareSnapshots(snapshotOfDocument(before), snapshotOfDocument(after), {
        from: versionRefOf(before, 1, '2026-11-20 09:30:00'),
        to: versionRefOf(after, 2, '2026-11-24 16:05:00'),
        includeUnchanged: false,
      }).comparison,
      options: { preset: 'internal', language: 'de-DE' },
      madeAt: '2026-11-26T10:00:00.000Z',
    });
    const t = translator('de-DE');
    const notes = order.lines.flatMap((l) => noteTexts(l, t, documentFormats('de-DE', 'EUR'), 'de-DE'));
    // Printed, both are 45,00 € (a change order prints money at the currency's digits): no
    // "bisher 45,00 €, neu 45,00 €"; the costs that did change are listed.
    expect(notes.filter((n) => n.includes(t('column.labor_unit_price')))).toEqual([]);
    expect(notes.some((n) => n.includes(t('column.labor_cost')))).toBe(true);
  });
});
