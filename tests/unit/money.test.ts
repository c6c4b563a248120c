import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  currencyOf,
  currencyProblem,
  fitsDigits,
  minorUnits,
  roundMoney,
} from '../../src-shared/money/currency';
import { excelMoneyFormat, formatMoney, MoneyFormat } from '../../src-shared/money/format';
import { Decimal } from '../../src-shared/money/decimal';
import { countryCode, countryName, languageOfCountry } from '../../src-shared/i18n/countries';
import {
  csvSeparatorFor,
  decimalMarkOf,
  documentDefaults,
  documentLanguage,
  documentPaper,
} from '../../src-shared/exports/document-language';
import { exportWarningText } from '../../src-shared/exports/warnings';
import { translator } from '../../src-shared/i18n/catalogue';
import { LANGUAGES } from '../../src-shared/i18n/languages';
import { moneyWarnings } from '../../src-main/exports/money-check';
import { estimateParts } from '../../src-main/estimates/estimate-parts';
import { makeDocument, position, sampleDocument } from '../helpers/export-fixture';

const nbsp = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe("a currency's digits (ISO 4217)", () => {
  it('takes Intl’s, and ISO 4217’s where Intl gives the cash digits', () => {
    expect(currencyOf('EUR')).toEqual({ code: 'EUR', digits: 2, known: true });
    expect(currencyOf(' jpy ')).toEqual({ code: 'JPY', digits: 0, known: true });
    expect(currencyOf('KWD')?.digits).toBe(3);
    // CLDR prints these without decimals (cash); their ISO 4217 minor unit is 2 (IQD: 3).
    for (const code of ['HUF', 'IDR', 'COP', 'PKR']) expect(currencyDigits(code), code).toBe(2);
    expect(currencyDigits('IQD')).toBe(3);
  });

  it('tells a missing currency and an unknown code apart', () => {
    expect(currencyOf(null)).toBeNull();
    expect(currencyOf('')).toBeNull();
    expect(currencyOf('EURO')).toBeNull();
    expect(currencyOf('ABC')).toEqual({ code: 'ABC', digits: 2, known: false });
    expect(currencyOf('DEM')?.known).toBe(false);
    expect(currencyProblem(undefined)).toBe('missing');
    expect(currencyProblem('ABC')).toBe('unknown');
    expect(currencyProblem('CHF')).toBeNull();
    expect(currencyDigits(null)).toBe(2);
  });

  it('rounds half away from zero at the currency’s digits, exactly', () => {
    const r = (v: string, c: string) => roundMoney(Decimal.parse(v), c).toString();
    expect(r('2.5', 'JPY')).toBe('3');
    expect(r('-2.5', 'JPY')).toBe('-3');
    expect(r('1.2345', 'KWD')).toBe('1.235');
    expect(r('-1.2345', 'KWD')).toBe('-1.235');
    expect(r('1.005', 'EUR')).toBe('1.01');
    expect(r('0.1249999999999', 'EUR')).toBe('0.12');
    expect(minorUnits(Decimal.parse('1234.5'), 0)).toBe(1235n);
    expect(fitsDigits(Decimal.parse('12.50'), 2)).toBe(true);
    expect(fitsDigits(Decimal.parse('1234.5'), 0)).toBe(false);
  });
});

describe('money for people, in a language', () => {
  it('formats at the currency’s digits, with its symbol where the language puts it', () => {
    expect(nbsp(formatMoney('1234.500000000000', 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(nbsp(formatMoney('1234.5', 'JPY', 'de-DE'))).toBe('1.235 ¥');
    expect(formatMoney('1234.5', 'JPY', 'en-US')).toBe('¥1,235');
    expect(nbsp(formatMoney('1234.5675', 'KWD', 'en-US'))).toBe('KWD 1,234.568');
    expect(nbsp(formatMoney('1234.5675', 'KWD', 'fr-FR'))).toBe('1 234,568 KWD');
    expect(nbsp(formatMoney('12345.5', 'CHF', 'de-DE'))).toBe('12.345,50 CHF');
    // HUF with its ISO digits (Intl alone would print 1,235).
    expect(nbsp(formatMoney('1234.5', 'HUF', 'en-US'))).toBe('HUF 1,234.50');
    expect(nbsp(formatMoney('-0.125', 'EUR', 'pt-PT'))).toBe('-0,13 €');
    expect(formatMoney('-0.004', 'EUR', 'en-US')).toBe('€0.00');
  });

  it('never prints a symbol the service did not send', () => {
    expect(nbsp(formatMoney('12.5', '', 'de-DE'))).toBe('12,50');
    expect(nbsp(formatMoney('12.5', 'ABC', 'de-DE'))).toBe('12,50 ABC');
    expect(nbsp(formatMoney('12.5', 'EURO', 'de-DE'))).toBe('12,50 EURO');
    expect(formatMoney('abc', 'EUR', 'en-US')).toBe('abc');
  });

  it('formats minor units and exact values alike, with or without the symbol', () => {
    const eur = new MoneyFormat('de-DE', 'EUR');
    expect(nbsp(eur.formatMinor(123456n))).toBe('1.234,56 €');
    expect(nbsp(eur.format(Decimal.parse('1234.555')))).toBe('1.234,56 €');
    expect(nbsp(new MoneyFormat('de-DE', 'EUR', { symbol: false }).formatMinor(123456n))).toBe('1.234,56');
    expect(new MoneyFormat('en-US', 'JPY').formatMinor(1235n)).toBe('¥1,235');
    expect(nbsp(new MoneyFormat('en-US', 'KWD').formatMinor(1234568n))).toBe('KWD 1,234.568');
  });

  it('gives workbooks the currency’s number format', () => {
    expect(excelMoneyFormat('de-DE', 'EUR')).toBe('#,##0.00" €"');
    expect(excelMoneyFormat('en-US', 'USD')).toBe('"$"#,##0.00');
    expect(excelMoneyFormat('de-DE', 'JPY')).toBe('#,##0" ¥"');
    expect(excelMoneyFormat('en-US', 'KWD')).toBe('"KWD "#,##0.000');
    expect(excelMoneyFormat('de-DE', null)).toBe('#,##0.00');
    expect(excelMoneyFormat('de-DE', 'EUR', { hideZero: true })).toBe('#,##0.00" €";-#,##0.00" €";""');
    // Unit prices with two digits more; a currency without decimals shows them whole ("1235." is no price).
    expect(excelMoneyFormat('de-DE', 'EUR', { extraDigits: 2 })).toBe('#,##0.00##" €"');
    expect(excelMoneyFormat('de-DE', 'JPY', { extraDigits: 2 })).toBe('#,##0.00" ¥"');
  });
});

describe('countries and the documents’ language', () => {
  it('reads a country as a code or as its name in any of our languages, and names it in the document’s', () => {
    for (const v of ['DE', 'de', 'Deutschland', 'Germany', 'Allemagne', 'Alemania'])
      expect(countryCode(v), v).toBe('DE');
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryName('DE', 'de-DE')).toBe('Deutschland');
    expect(countryName('Germany', 'fr-FR')).toBe('Allemagne');
    expect(countryName('CH', 'es-ES')).toBe('Suiza');
    expect(countryName('Atlantis', 'de-DE')).toBe('Atlantis');
    expect(languageOfCountry('DE')).toBe('de-DE');
    expect(languageOfCountry('Schweiz')).toBe('de-DE');
    expect(languageOfCountry('FR')).toBe('fr-FR');
    expect(languageOfCountry('PT')).toBe('pt-PT');
    expect(languageOfCountry('ES')).toBe('es-ES');
    expect(languageOfCountry('US')).toBe('en-US');
    expect(languageOfCountry('JP')).toBeNull();
  });

  it('follows the reader: chosen, else the workspace’s, else the company’s country’s, else the UI’s', () => {
    expect(documentLanguage({ companyCountry: 'DE', ui: 'en-US' })).toEqual({
      language: 'de-DE',
      source: 'company',
    });
    expect(documentLanguage({ workspace: 'fr-FR', companyCountry: 'DE', ui: 'en-US' }).language).toBe(
      'fr-FR',
    );
    expect(documentLanguage({ chosen: 'pt-PT', workspace: 'fr-FR', ui: 'en-US' }).source).toBe('chosen');
    expect(documentLanguage({ companyCountry: 'JP', ui: 'es-ES' })).toEqual({
      language: 'es-ES',
      source: 'ui',
    });
    expect(documentPaper('auto', 'en-US')).toBe('Letter');
    expect(documentPaper(undefined, 'de-DE')).toBe('A4');
    expect(documentPaper('Letter', 'de-DE')).toBe('Letter');
  });

  it('writes CSV with the list separator and decimal mark of the language’s spreadsheets', () => {
    expect(LANGUAGES.map((l) => [l, csvSeparatorFor(l), decimalMarkOf(l)])).toEqual([
      ['en-US', ',', '.'],
      ['de-DE', ';', ','],
      ['fr-FR', ';', ','],
      ['pt-PT', ';', ','],
      ['es-ES', ';', ','],
    ]);
    expect(documentDefaults({ language: 'de-DE', source: 'company' })).toEqual({
      language: 'de-DE',
      source: 'company',
      paper: 'A4',
      csv: { separator: ';', decimal: ',' },
    });
  });
});

describe('money a document cannot print the usual way', () => {
  const doc = (currency: string | null, labor = '12.50') =>
    makeDocument({
      items: [position('Putz', '2', 'm²', { labor })],
      header: { currency, unique_identifier: `Q-${currency}` },
    });

  it('warns of no currency, an unknown code, amounts beyond the digits, several currencies', () => {
    const warnings = moneyWarnings([
      estimateParts(doc(null)),
      estimateParts(doc('ABC')),
      estimateParts(doc('JPY', '0.25')),
      estimateParts(doc('EUR')),
    ]);
    expect(warnings.map((w) => w.code)).toEqual([
      'currency-missing',
      'currency-unknown',
      'amounts-beyond-digits',
      'several-currencies',
    ]);
    expect(warnings[2]).toMatchObject({ estimate: 'Q-JPY', currency: 'JPY', digits: 0 });
    expect(moneyWarnings([estimateParts(sampleDocument())])).toEqual([]);
    // In words, in every language.
    for (const l of LANGUAGES) {
      for (const w of warnings) expect(exportWarningText(w, translator(l), l)).not.toMatch(/\{|\}/);
    }
    expect(exportWarningText(warnings[2]!, translator('en-US'), 'en-US')).toContain('JPY');
  });
});

describe('the one home of a currency’s digits', () => {
  it('leaves no two-decimal rule in the exports: no toFixed(2), no ", 2)", no \'0.00\' format', () => {
    const root = join(__dirname, '../../src-main/exports');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const code = readFileSync(join(root, file), 'utf8');
      expect(code, file).not.toMatch(/toFixed\(2\)|, 2\)|['"]0\.00['"]|#,##0\.00/);
    }
  });
});
