/**
 * The people of a workspace: its users and teams, and the customers its estimates are addressed to
 * (with contact details made up to fit their country), and project addresses.
 */
import {
  CITIES,
  citiesOf,
  PHONE_PREFIX,
  type City,
  type Country,
  type CustomerSpec,
  type TeamSpec,
  type UserSpec,
} from '../catalogues';
import type { Prng } from '../prng';
import type { SimAddress, SimTeam, SimUser } from '../types';
import type { Gen } from './gen';

export interface Customer {
  id: string;
  spec: CustomerSpec;
  city: City;
  street: string;
  email: string;
  phone: string;
  fax: string;
  taxId: string;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function buildUsers(g: Gen, specs: UserSpec[]): SimUser[] {
  return specs.map((u, i) => ({
    id: g.ids.uuid(),
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    role: i === 0 ? 'admin' : 'member',
  }));
}

export function buildTeams(g: Gen, users: SimUser[], specs: TeamSpec[]): SimTeam[] {
  return specs.map((t) => ({
    id: g.ids.uuid(),
    name: t.name,
    member_ids: t.members.map((i) => (users[i] as SimUser).id),
  }));
}

function randomDigits(rng: Prng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

function phoneNumber(rng: Prng, country: Country): string {
  return `${PHONE_PREFIX[country]} ${rng.int(10, 99)} ${randomDigits(rng, 3)} ${randomDigits(rng, 4)}`;
}

function taxIdFor(rng: Prng, country: Country): string {
  switch (country) {
    case 'DE':
      return `DE${randomDigits(rng, 9)}`;
    case 'FR':
      return `FR${randomDigits(rng, 11)}`;
    case 'ES':
      return `ESB${randomDigits(rng, 8)}`;
    case 'PT':
      return `PT${randomDigits(rng, 9)}`;
    case 'CH':
      return `CHE-${randomDigits(rng, 3)}.${randomDigits(rng, 3)}.${randomDigits(rng, 3)} MWST`;
  }
}

export function buildCustomers(g: Gen, specs: CustomerSpec[]): Customer[] {
  const { rng, ids } = g;
  return specs.map((spec) => {
    const city = rng.pick(citiesOf(spec.country));
    const hasCompany = spec.company !== '';
    return {
      id: ids.uuid(),
      spec,
      city,
      street: `${rng.pick(city.streets)} ${rng.int(1, 120)}`,
      email: `${slug(spec.firstname)}.${slug(spec.lastname)}@${hasCompany ? slug(spec.company).slice(0, 24).replace(/-$/, '') : 'mail'}.example`,
      phone: phoneNumber(rng, spec.country),
      fax: hasCompany && rng.chance(0.5) ? phoneNumber(rng, spec.country) : '',
      taxId: hasCompany ? taxIdFor(rng, spec.country) : '',
    };
  });
}

export function buildAddress(
  rng: Prng,
  country: Country,
  geocoded: boolean,
  override: { city?: string; street?: string } = {},
): SimAddress {
  const city = CITIES.find((c) => c.city === override.city) ?? rng.pick(citiesOf(country));
  const street = rng.pick(city.streets);
  const number = rng.int(1, 140);
  const jitter = (): number => rng.int(-2500, 2500) / 100000;
  const fmt = (x: number): number => Math.round(x * 1e6) / 1e6;
  const streetLine =
    override.street ?? (city.country === 'FR' ? `${number} ${street}` : `${street} ${number}`);
  return {
    street: streetLine,
    city: city.city,
    country: city.country,
    postal_code: city.postal,
    latitude: geocoded ? fmt(city.lat + jitter()) : null,
    longitude: geocoded ? fmt(city.lon + jitter()) : null,
  };
}
