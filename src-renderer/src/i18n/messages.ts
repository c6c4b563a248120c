// The renderer's door to the shared label catalogue (src-shared/i18n), which the exports and the CLI
// read as well.
export * from '../../../src-shared/i18n/catalogue';
