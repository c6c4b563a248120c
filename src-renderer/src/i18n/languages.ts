// The renderer's door to the one list of languages (src-shared/i18n/languages.ts).
export * from '../../../src-shared/i18n/languages';
