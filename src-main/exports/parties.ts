/**
 * The parties of an estimate (company, customer, project) as the lines a document prints, and text
 * made printable. The service's party objects are loose: any field may be missing or not text.
 */
import type { EstimateParty } from '../../src-shared/estimates/types';
import { countryName } from '../../src-shared/i18n/countries';
import type { UiLanguage } from '../../src-shared/i18n/languages';

// Control characters other than tab and newline (invalid in XML, noise in a PDF).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Printable text: control characters dropped, CRLF normalised, at most `max` characters. */
export function cleanText(value: unknown, max = 32_000): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (s.length > max) {
    // Cut before a character, never inside one (half an emoji would print as a box).
    const cut = isHighSurrogate(s.charCodeAt(max - 2)) ? max - 2 : max - 1;
    s = s.slice(0, cut) + '…';
  }
  return s.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** A party's field as text ('' when absent or not text). */
export function partyField(party: EstimateParty | null | undefined, key: string): string {
  if (!party || typeof party !== 'object') return '';
  const v = party[key];
  return typeof v === 'string' || typeof v === 'number' ? cleanText(v, 2_000).trim() : '';
}

function joinNonEmpty(parts: string[], sep: string): string {
  return parts.filter((p) => p !== '').join(sep);
}

/**
 * Place parts joined, each once: a region that repeats the city ("22767 Hamburg", "Hamburg": a
 * city-state's city and province) is printed once.
 */
function joinPlace(parts: string[], sep: string): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const lower = part.toLocaleLowerCase();
    if (
      kept.some(
        (k) =>
          k.toLocaleLowerCase() === lower ||
          k
            .toLocaleLowerCase()
            .split(/[\s,]+/)
            .includes(lower),
      )
    )
      continue;
    kept.push(part);
  }
  return kept.join(sep);
}

export interface CustomerLines {
  /** "Firstname Lastname", or the company when there is no person. */
  name: string;
  company: string;
  street: string;
  /** "zip city" plus area. */
  place: string;
  country: string;
  email: string;
  phone: string;
  taxId: string;
}

/** A party's country as a document prints it: its name in the document's language, never a code. */
function country(party: EstimateParty | null | undefined, key: string, language?: UiLanguage): string {
  const value = partyField(party, key);
  return language ? countryName(value, language) : value;
}

export function customerLines(c: EstimateParty | null | undefined, language?: UiLanguage): CustomerLines {
  const person = joinNonEmpty([partyField(c, 'firstname'), partyField(c, 'lastname')], ' ');
  const company = partyField(c, 'company');
  return {
    name: person || company,
    company: person ? company : '',
    street: partyField(c, 'address'),
    place: joinPlace(
      [joinNonEmpty([partyField(c, 'zip'), partyField(c, 'city')], ' '), partyField(c, 'area')],
      ', ',
    ),
    country: country(c, 'country', language),
    email: partyField(c, 'email'),
    phone: partyField(c, 'phone'),
    taxId: partyField(c, 'tax_id'),
  };
}

export interface CompanyLines {
  name: string;
  street: string;
  place: string;
  country: string;
  email: string;
  phone: string;
  website: string;
}

export function companyLines(c: EstimateParty | null | undefined, language?: UiLanguage): CompanyLines {
  return {
    name: partyField(c, 'company'),
    street: partyField(c, 'street'),
    place: joinPlace(
      [joinNonEmpty([partyField(c, 'postal_code'), partyField(c, 'city')], ' '), partyField(c, 'province')],
      ', ',
    ),
    country: country(c, 'country', language),
    email: partyField(c, 'email'),
    phone: partyField(c, 'phone'),
    website: partyField(c, 'website'),
  };
}

export interface ProjectLines {
  name: string;
  address: string;
}

export function projectLines(p: EstimateParty | null | undefined, language?: UiLanguage): ProjectLines {
  const a = p && typeof p === 'object' ? (p['address'] as EstimateParty | null | undefined) : null;
  return {
    name: partyField(p, 'name'),
    address: joinNonEmpty(
      [
        partyField(a, 'street'),
        joinNonEmpty([partyField(a, 'postal_code'), partyField(a, 'city')], ' '),
        country(a, 'country', language),
      ],
      ', ',
    ),
  };
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
