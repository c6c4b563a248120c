import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorKind, ErrorValue } from '../../src-shared/errors/service-error';
import type { UiLanguage } from '../../src-shared/i18n/languages';

/*
 * The renderer's pure modules (messages, error descriptions, formatting) are loaded at run time:
 * tsconfig.node.json (which type-checks tests) is a composite project that does not include
 * src-renderer, so a static import would break `tsc -p tsconfig.node.json`. The types below are
 * the slice of those modules this test uses; tsconfig.web.json type-checks the modules themselves.
 */
type Messages = Record<string, string>;
type Params = Record<string, string | number>;

interface MessagesModule {
  loadLanguage: (lang: UiLanguage) => Promise<boolean>;
  paramsOf: (template: string) => string[];
  translate: (lang: UiLanguage, key: string, params?: Params) => string;
  translatePlural: (lang: UiLanguage, key: string, count: number, params?: Params) => string;
  interpolate: (template: string, params?: Params) => string;
}
interface LanguagesModule {
  LANGUAGES: readonly UiLanguage[];
  isUiLanguage: (value: unknown) => boolean;
}
interface DescribeErrorModule {
  ERROR_KINDS: readonly ErrorKind[];
  describeError: (error: ErrorValue, lang: UiLanguage, options?: { withDetail?: boolean }) => string;
  errorDetail: (error: ErrorValue) => string;
}
interface FormatModule {
  formatDate: (iso: string | null | undefined, lang: UiLanguage, options?: { timeZone?: string }) => string;
  formatDateTime: (
    iso: string | null | undefined,
    lang: UiLanguage,
    options?: { timeZone?: string },
  ) => string;
  formatNumber: (
    value: number | bigint | string,
    lang: UiLanguage,
    options?: Intl.NumberFormatOptions,
  ) => string;
  formatMoney: (decimal: string, currency: string, lang: UiLanguage) => string;
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let m: MessagesModule & { MESSAGES: Record<UiLanguage, Messages> };
let langs: LanguagesModule;
/** The renderer's German words before German was loaded, and whether each language loaded. */
let germanBeforeLoading: string;
let loadedEach: boolean[];
let errors: DescribeErrorModule;
let fmt: FormatModule;

beforeAll(async () => {
  let renderer: MessagesModule;
  let catalogue: { MESSAGES: Record<UiLanguage, Messages> };
  [renderer, catalogue, langs, errors, fmt] = await Promise.all([
    load<MessagesModule>('i18n/messages.ts'),
    import('../../src-shared/i18n/catalogue'),
    load<LanguagesModule>('i18n/languages.ts'),
    load<DescribeErrorModule>('errors/describe-error.ts'),
    load<FormatModule>('i18n/format.ts'),
  ]);
  m = { ...renderer, MESSAGES: catalogue.MESSAGES };
  // The renderer loads a language when it is shown (i18n/store.ts setLang); these tests show them all.
  germanBeforeLoading = m.translate('de-DE', 'header.addWorkspace');
  loadedEach = await Promise.all(OTHER_LANGUAGES.map((l) => m.loadLanguage(l)));
});

/** Intl puts (narrow) no-break spaces in money and times; compare with plain spaces. */
const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** Words that may legitimately be the same as in English. */
const SAME_AS_ENGLISH_OK = new Set([
  'PlanDesk',
  'OK',
  'Demo',
  'Status',
  'Team',
  'Name',
  'Pages',
  'Page {page}',
  'Version {version}',
  // The forms editor's words that are the same there (issue 26): a control named for its element,
  // answer types, element names.
  '{control}: {element}',
  'Text',
  'Photo',
  'section {number}',
  'question {number}',
  // Document words that are the same in these languages (the exports' labels joined the catalogue).
  'ID',
  'Web',
  'Total',
  'Subtotal {name}',
  // French words spelt as in English.
  'Service',
  'Plan',
  'Type',
  'Date',
  'page {page}',
  'Section',
  'Sections',
  'Question',
  'Questions',
  // The connection's state: German and Portuguese say "Online" and "Offline" too; megabytes.
  'Online',
  'Offline',
  'MB',
  // Plan words, colours and labels spelt as in English in one of these languages.
  'Garage',
  'Sofa',
  'Sand',
  'Greige',
  'Taupe',
  'Orange',
  'Anthracite',
  'Metal',
  'Details',
  'Client',
  // Estimate versions: the same words, and a pattern of symbols only.
  'Version {seq}',
  'Versions',
  'Subtotal',
  '{field}: {from} → {to}',
  // The estimate on the plan: patterns of symbols only.
  '{from} – {to}',
  '{positions} · {amount}',
  '{name}: {summary}',
  // Money per currency and a new position's figures: a code and symbols only.
  'Total {currency}',
  '{quantity} × {price}',
]);
const MAX_SAME_AS_ENGLISH = 4;

const OTHER_LANGUAGES: UiLanguage[] = ['de-DE', 'fr-FR', 'pt-PT', 'es-ES'];

describe('translations', () => {
  it('are loaded per language in the renderer: English until a language’s words are there', () => {
    expect(germanBeforeLoading).toBe(m.MESSAGES['en-US']['header.addWorkspace']);
    expect(loadedEach).toEqual([true, true, true, true]);
    for (const lang of OTHER_LANGUAGES)
      expect(m.translate(lang, 'header.addWorkspace')).toBe(m.MESSAGES[lang]['header.addWorkspace']);
  });

  it('cover the five UI languages', () => {
    expect([...langs.LANGUAGES].sort()).toEqual(['de-DE', 'en-US', 'es-ES', 'fr-FR', 'pt-PT']);
    expect(Object.keys(m.MESSAGES).sort()).toEqual([...langs.LANGUAGES].sort());
    expect(langs.isUiLanguage('de-DE')).toBe(true);
    expect(langs.isUiLanguage('de')).toBe(false);
  });

  it.each(OTHER_LANGUAGES)('%s has exactly the keys of English', (lang) => {
    expect(Object.keys(m.MESSAGES[lang]).sort()).toEqual(Object.keys(m.MESSAGES['en-US']).sort());
  });

  it.each(['en-US', ...OTHER_LANGUAGES] as UiLanguage[])('%s has no empty or untidy messages', (lang) => {
    for (const [key, value] of Object.entries(m.MESSAGES[lang])) {
      expect(typeof value, key).toBe('string');
      expect(value.trim(), key).not.toBe('');
      expect(value, key).toBe(value.trim());
      expect(value, `${key}: use … not ...`).not.toContain('...');
    }
  });

  it.each(OTHER_LANGUAGES)('%s uses the same {params} as English', (lang) => {
    const en = m.MESSAGES['en-US'];
    for (const [key, value] of Object.entries(m.MESSAGES[lang])) {
      expect(m.paramsOf(value), `${lang} ${key}`).toEqual(m.paramsOf(en[key] ?? ''));
    }
  });

  it.each(OTHER_LANGUAGES)('%s is a real translation, not a copy of English', (lang) => {
    const en = m.MESSAGES['en-US'];
    const same = Object.entries(m.MESSAGES[lang])
      .filter(([key, value]) => value === en[key] && !SAME_AS_ENGLISH_OK.has(value))
      .map(([key]) => key);
    expect(same.length, `identical to English: ${same.join(', ')}`).toBeLessThanOrEqual(MAX_SAME_AS_ENGLISH);
  });

  it('uses the letters of each language', () => {
    const text = (lang: UiLanguage) => Object.values(m.MESSAGES[lang]).join(' ');
    expect(text('de-DE')).toMatch(/[äöü]/);
    expect(text('de-DE')).toMatch(/ß/);
    expect(text('de-DE')).toMatch(/„.+“/);
    expect(text('fr-FR')).toMatch(/é/);
    expect(text('fr-FR')).toMatch(/ç/);
    expect(text('fr-FR')).toMatch(/«\u00a0.+\u00a0»/);
    expect(text('pt-PT')).toMatch(/ã/);
    expect(text('pt-PT')).toMatch(/ç/);
    expect(text('es-ES')).toMatch(/ñ/);
    expect(text('es-ES')).toMatch(/¿/);
  });

  it('has both plural forms wherever it has one', () => {
    for (const lang of langs.LANGUAGES) {
      const keys = Object.keys(m.MESSAGES[lang]);
      for (const key of keys.filter((k) => k.endsWith('_one'))) {
        expect(keys, `${lang} ${key}`).toContain(key.replace(/_one$/, '_other'));
      }
    }
  });

  it('interpolates parameters and leaves unknown ones visible', () => {
    expect(m.interpolate('Page {page} of {pages}', { page: 2, pages: 7 })).toBe('Page 2 of 7');
    expect(m.interpolate('Hello {who}', {})).toBe('Hello {who}');
    expect(m.translate('de-DE', 'workspaces.keyBanner', { name: 'Nordlicht' })).toBe(
      'Der Dienst akzeptiert den Schlüssel für Nordlicht nicht mehr.',
    );
  });

  it('chooses plural forms by the language’s rules and formats the count', () => {
    expect(m.translatePlural('en-US', 'projects.count', 1)).toBe('1 project');
    expect(m.translatePlural('en-US', 'projects.count', 0)).toBe('0 projects');
    expect(m.translatePlural('en-US', 'projects.count', 1234)).toBe('1,234 projects');
    expect(m.translatePlural('de-DE', 'projects.count', 1234)).toBe('1.234 Projekte');
    expect(m.translatePlural('de-DE', 'projects.count', 1)).toBe('1 Projekt');
    // French counts 0 as singular.
    expect(m.translatePlural('fr-FR', 'projects.count', 0)).toBe('0 projet');
    expect(norm(m.translatePlural('fr-FR', 'projects.count', 1_000_000))).toBe('1 000 000 projets');
    expect(m.translatePlural('es-ES', 'duplicate.body', 2, { ref: 'A-1' })).toBe(
      'El servicio ya tiene 2 proyectos con la referencia «A-1».',
    );
  });
});

describe('describeError', () => {
  it('knows every error kind', () => {
    expect([...errors.ERROR_KINDS].sort()).toEqual(
      [
        'auth',
        'cancelled',
        'config',
        'damaged',
        'disk-full',
        'invalid-response',
        'keychain',
        'network',
        'not-found',
        'rate-limit',
        'server',
        'validation',
      ].sort(),
    );
  });

  it('gives a translated sentence for every kind in every language', () => {
    for (const kind of errors.ERROR_KINDS) {
      const english = errors.describeError({ kind, message: '' }, 'en-US');
      expect(english.length, kind).toBeGreaterThan(15);
      expect(english, kind).toMatch(/[.!]$/);
      for (const lang of OTHER_LANGUAGES) {
        const text = errors.describeError({ kind, message: '' }, lang);
        expect(text.length, `${lang} ${kind}`).toBeGreaterThan(15);
        expect(text, `${lang} ${kind}`).not.toBe(english);
      }
    }
  });

  it('adds the service’s own message, translated label included', () => {
    const error: ErrorValue = { kind: 'validation', message: 'email must be a workspace user', status: 400 };
    expect(errors.describeError(error, 'en-US')).toBe(
      'The service did not accept the data. Check the entries and try again. Details: email must be a workspace user',
    );
    expect(errors.describeError(error, 'de-DE')).toMatch(/Einzelheiten: email must be a workspace user$/);
    expect(errors.describeError(error, 'en-US', { withDetail: false })).not.toContain('Details');
  });

  it('never shows a stack trace', () => {
    const error: ErrorValue = {
      kind: 'server',
      message: 'The service had an internal error (HTTP 500).',
      serviceMessage:
        'Error: boom\n    at handler (/app/out/main/index.js:10:5)\n    at process (node:internal)',
    };
    const text = errors.describeError(error, 'en-US');
    expect(text).toContain('boom');
    expect(text).not.toMatch(/\bat handler\b|index\.js|node:internal/);
    expect(errors.errorDetail({ kind: 'network', message: '    at foo (x.js:1:1)' })).toBe('');
    expect(
      errors.errorDetail({ kind: 'server', message: 'm', serviceMessage: 'x'.repeat(1000) }).length,
    ).toBeLessThanOrEqual(300);
  });

  it("adds the service's own words, not a restatement of the kind", () => {
    const auth: ErrorValue = {
      kind: 'auth',
      message: 'The service rejected the credentials (API key has been revoked)',
      serviceMessage: 'API key has been revoked',
    };
    expect(errors.describeError(auth, 'de-DE')).toContain('API key has been revoked');
    expect(errors.describeError(auth, 'de-DE')).not.toContain('The service rejected');
    expect(errors.errorDetail({ kind: 'auth', message: 'The service rejected the credentials.' })).toBe('');
  });

  it("a network error is one sentence in the user's language, never a raw code", () => {
    for (const code of ['UND_ERR_SOCKET', 'ECONNREFUSED', 'ENOTFOUND']) {
      const error: ErrorValue = {
        kind: 'network',
        message: `Could not reach the service (${code}). Check the connection and try again.`,
      };
      expect(errors.errorDetail(error)).toBe('');
      for (const lang of ['en-US', 'de-DE', 'fr-FR', 'pt-PT', 'es-ES'] as const) {
        const text = errors.describeError(error, lang);
        expect(text).not.toContain(code);
        expect(text).toBe(errors.describeError({ kind: 'network', message: '' }, lang));
      }
    }
    expect(errors.describeError({ kind: 'network', message: 'x' }, 'de-DE')).not.toBe(
      errors.describeError({ kind: 'network', message: 'x' }, 'en-US'),
    );
  });

  it('says nothing more than "cancelled" for a cancelled operation', () => {
    expect(errors.describeError({ kind: 'cancelled', message: 'Operation op-1 aborted' }, 'en-US')).toBe(
      'The operation was cancelled.',
    );
  });

  it('explains the keychain: locked or unavailable, how to unlock, never plain text', () => {
    const en = errors.describeError({ kind: 'keychain', message: '' }, 'en-US');
    expect(en).toMatch(/locked or unavailable/);
    expect(en).toMatch(/Unlock/);
    expect(en).toMatch(/never stores keys in plain text/);
    expect(errors.describeError({ kind: 'keychain', message: '' }, 'de-DE')).toMatch(/niemals im Klartext/);
  });

  it('a full disk says so and where, in the user’s language; a damaged version says which', () => {
    const full = {
      kind: 'disk-full' as const,
      message: 'The disk is full: …',
      path: '/home/anna/Angebote/Küche.pdf',
    };
    expect(errors.describeError(full, 'en-US')).toMatch(/disk is full.*“\/home\/anna\/Angebote\/Küche\.pdf”/);
    expect(errors.describeError(full, 'de-DE')).toMatch(
      /Datenträger ist voll.*„\/home\/anna\/Angebote\/Küche\.pdf“/,
    );
    expect(errors.describeError({ ...full, path: undefined }, 'fr-FR')).toMatch(/disque est plein/);
    const damaged = {
      kind: 'damaged' as const,
      message: 'Version 4 of "Küche" is damaged on this computer.',
    };
    expect(errors.describeError(damaged, 'es-ES')).toMatch(/dañado.*Version 4 of "Küche"/);
  });

  it('falls back to a general sentence for an unknown kind', () => {
    const text = errors.describeError({ kind: 'mystery' as ErrorKind, message: '' }, 'en-US');
    expect(text).toBe(errors.describeError({ kind: 'server', message: '' }, 'en-US'));
  });
});

describe('formatting', () => {
  const iso = '2025-11-21T10:05:00Z';
  const utc = { timeZone: 'UTC' };

  it('formats dates for each language', () => {
    expect(fmt.formatDate(iso, 'de-DE', utc)).toBe('21.11.2025');
    expect(fmt.formatDate(iso, 'en-US', utc)).toBe('Nov 21, 2025');
    expect(fmt.formatDate(iso, 'fr-FR', utc)).toBe('21 nov. 2025');
    expect(fmt.formatDate(iso, 'pt-PT', utc)).toBe('21/11/2025');
    expect(fmt.formatDate(iso, 'es-ES', utc)).toBe('21 nov 2025');
  });

  it('formats date and time, and reads the service’s "YYYY-MM-DD HH:MM:SS"', () => {
    expect(norm(fmt.formatDateTime(iso, 'de-DE', utc))).toBe('21.11.2025, 10:05');
    expect(norm(fmt.formatDateTime(iso, 'en-US', utc))).toBe('Nov 21, 2025, 10:05 AM');
    expect(fmt.formatDate('2025-11-21 10:05:00', 'de-DE', utc)).toBe('21.11.2025');
  });

  it('gives an empty string for missing or unreadable dates', () => {
    expect(fmt.formatDate(null, 'en-US')).toBe('');
    expect(fmt.formatDate(undefined, 'en-US')).toBe('');
    expect(fmt.formatDate('not a date', 'en-US')).toBe('');
    expect(fmt.formatDateTime('', 'en-US')).toBe('');
  });

  it('formats money for each language', () => {
    expect(norm(fmt.formatMoney('1234.50', 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(norm(fmt.formatMoney('1234.500000000000', 'EUR', 'fr-FR'))).toBe('1 234,50 €');
    expect(fmt.formatMoney('1234.5', 'USD', 'en-US')).toBe('$1,234.50');
    expect(norm(fmt.formatMoney('1234567.5', 'EUR', 'es-ES'))).toBe('1.234.567,50 €');
    expect(norm(fmt.formatMoney('-0.125', 'EUR', 'pt-PT'))).toBe('-0,13 €');
  });

  it('formats money from the exact decimal text, without float rounding', () => {
    // As a float this is 12345678901234568; the string keeps every digit.
    expect(fmt.formatMoney('12345678901234567.125000000000', 'EUR', 'en-US')).toBe(
      '€12,345,678,901,234,567.13',
    );
    expect(fmt.formatMoney('0.004999999999', 'EUR', 'en-US')).toBe('€0.00');
  });

  it('keeps unreadable amounts and copes with an odd currency code', () => {
    expect(fmt.formatMoney('abc', 'EUR', 'en-US')).toBe('abc');
    expect(norm(fmt.formatMoney('12.5', 'EURO', 'de-DE'))).toBe('12,50 EURO');
  });

  it('formats numbers, decimal strings exactly', () => {
    expect(fmt.formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(fmt.formatNumber('0.1000000000000000001', 'en-US')).toBe('0.1000000000000000001');
    expect(norm(fmt.formatNumber(12.5, 'fr-FR'))).toBe('12,5');
  });
});
