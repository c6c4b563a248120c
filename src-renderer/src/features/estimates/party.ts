/**
 * The estimate's customer, company and project as the service sends them: loosely shaped objects
 * (`EstimateParty`). These helpers read the fields people care about, accepting the service's known
 * spellings and ignoring anything that is not text.
 */
import type { EstimateParty } from '../../../../src-shared/estimates/types';

function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed ? trimmed : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function first(party: EstimateParty, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = text(party[key]);
    if (value) return value;
  }
  return null;
}

/** Address lines from a party, or from its nested `address` object. */
export function addressLines(party: EstimateParty | null | undefined): string[] {
  if (!party) return [];
  const nested = party.address;
  const source: EstimateParty =
    nested && typeof nested === 'object' && !Array.isArray(nested) ? (nested as EstimateParty) : party;
  const street = first(source, ['street', 'address', 'address_line', 'line1']);
  const postal = first(source, ['postal_code', 'zip', 'postcode', 'postalCode']);
  const city = first(source, ['city', 'town']);
  const area = first(source, ['area', 'province', 'state', 'region']);
  const country = first(source, ['country']);
  const cityLine = [postal, city].filter(Boolean).join(' ');
  return [street, cityLine, area, country].filter((line): line is string => Boolean(line));
}

export interface PartySummary {
  name: string | null;
  company: string | null;
  address: string[];
  email: string | null;
  phone: string | null;
  website: string | null;
}

/** A person or company: the name (first and last name, or `name`), company, address and contacts. */
export function summarizeParty(party: EstimateParty | null | undefined): PartySummary | null {
  if (!party || typeof party !== 'object') return null;
  const person = [first(party, ['firstname', 'first_name']), first(party, ['lastname', 'last_name'])]
    .filter(Boolean)
    .join(' ');
  const company = first(party, ['company', 'company_name']);
  const name = person || first(party, ['name', 'title']) || null;
  const summary: PartySummary = {
    name,
    company: company && company !== name ? company : null,
    address: addressLines(party),
    email: first(party, ['email', 'e_mail', 'mail']),
    phone: first(party, ['phone', 'telephone', 'mobile']),
    website: first(party, ['website', 'web', 'url']),
  };
  const empty =
    !summary.name &&
    !summary.company &&
    summary.address.length === 0 &&
    !summary.email &&
    !summary.phone &&
    !summary.website;
  return empty ? null : summary;
}
