/**
 * Estimates in currencies that are not two-decimal euros, priced as the service prices them (at the
 * currency's own digits): yen (0 digits), Kuwaiti dinar (3), Swiss francs, and a project with a euro
 * and a dollar estimate whose totals run to twelve digits. Fractional quantities and discounts, so a
 * printed unit price can only add up if it is the right one.
 */
import type { EstimateDocument, EstimateHeader } from '../../src-shared/estimates/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { group, makeDocument, position, SAMPLE_COMPANY } from './export-fixture';

export interface MoneyCase {
  name: string;
  currency: string;
  digits: number;
  /** The language the case's documents are written in. */
  language: UiLanguage;
  doc: EstimateDocument;
}

function company(country: string): EstimateHeader['company'] {
  return { ...SAMPLE_COMPANY, country };
}

export function yenEstimate(): EstimateDocument {
  return makeDocument({
    digits: 0,
    header: {
      currency: 'JPY',
      unique_identifier: 'JP-2026-7',
      name: 'Bathroom renovation',
      company: company('JP'),
    },
    items: [
      group('Bathroom', [
        position('Tiles 30×60', '12.75', 'm²', {
          labor: '4850',
          material: '3299',
          markupRate: '0.1',
          tax: '0.1',
        }),
        position('Waterproofing', '7.333', 'm²', {
          labor: '2100',
          material: '1880',
          markupRate: '0.12',
          discount: '1500',
          tax: '0.1',
        }),
      ]),
      position('Site cleaning', '3.5', 'h', { labor: '3800', tax: '0.08' }),
    ],
  });
}

export function dinarEstimate(): EstimateDocument {
  return makeDocument({
    digits: 3,
    header: {
      currency: 'KWD',
      unique_identifier: 'KW-118',
      name: 'Rénovation cuisine',
      company: company('FR'),
    },
    items: [
      group('Cuisine', [
        position('Plan de travail', '4.2', 'm', {
          labor: '12.345',
          material: '31.875',
          markupRate: '0.15',
          tax: '0',
        }),
        position('Carrelage mural', '9.125', 'm²', {
          labor: '6.750',
          material: '8.125',
          markupRate: '0.1',
          discount: '2.5',
          tax: '0',
        }),
      ]),
    ],
  });
}

export function francEstimate(): EstimateDocument {
  return makeDocument({
    header: {
      currency: 'CHF',
      unique_identifier: 'CH-2026-3',
      name: 'Umbau Praxis Bern',
      company: company('CH'),
    },
    items: [
      group('Trockenbau', [
        position('Ständerwand 12,5 mm', '38.4', 'm²', {
          labor: '42.30',
          material: '27.85',
          markupRate: '0.1',
          tax: '0.081',
        }),
        position('Türöffnung', '3', 'pcs', {
          labor: '185.00',
          markupRate: '0.1',
          discount: '45.00',
          tax: '0.081',
        }),
      ]),
      position('Baureinigung', '11.25', 'h', { labor: '64.00', tax: '0.081' }),
    ],
  });
}

/** A project's two estimates: one in euros, one in dollars with a total of twelve digits. */
export function euroAndDollarProject(): EstimateDocument[] {
  const project = { id: 'pr-mix', name: 'Hotel Atlántico', description: null, address: null };
  const euro = makeDocument({
    header: {
      currency: 'EUR',
      unique_identifier: 'E-2026-1',
      name: 'Lobby',
      project,
      company: company('DE'),
    },
    items: [
      position('Naturstein Boden', '212.5', 'm²', { labor: '48.00', material: '119.90', markupRate: '0.1' }),
      position('Sockel', '96', 'm', { labor: '9.50', material: '6.20', discount: '80.00' }),
    ],
  });
  const dollar = makeDocument({
    header: {
      currency: 'USD',
      unique_identifier: 'U-2026-2',
      name: 'Tower (a very long estimate name that would spill into the next column)',
      project,
      company: company('DE'),
    },
    items: [
      position('Curtain wall', '1000', 'm²', { labor: '123456789.01', markupRate: '0.05', tax: '0.07' }),
      position('Fit-out', '12.5', 'm²', { labor: '980.40', material: '1200.00', tax: '0.07' }),
    ],
  });
  return [euro, dollar];
}

export function moneyCases(): MoneyCase[] {
  return [
    { name: 'jpy', currency: 'JPY', digits: 0, language: 'en-US', doc: yenEstimate() },
    { name: 'kwd', currency: 'KWD', digits: 3, language: 'fr-FR', doc: dinarEstimate() },
    { name: 'chf', currency: 'CHF', digits: 2, language: 'de-DE', doc: francEstimate() },
  ];
}
