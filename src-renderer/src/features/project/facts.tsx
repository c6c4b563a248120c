import type { ReactNode } from 'react';
import type { ProjectDetailView, ProjectFacts } from '../../../../src-shared/projects/types';
import { countryName } from '../../i18n/country';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';
import { useLang, useT } from '../../i18n/store';
import { nameOf, type Person } from '../people/store';

/** A project's address as lines: street, postal code and city, the country by its name. */
export function addressLines(address: ProjectDetailView['address'], lang: UiLanguage): string[] {
  if (!address) return [];
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, cityLine, countryName(address.country, lang)].filter((line): line is string =>
    Boolean(line),
  );
}

/** A project's address, a line each (see addressLines); `empty` when it has none. */
export function AddressText({ address, empty }: { address: ProjectDetailView['address']; empty: ReactNode }) {
  const lang = useLang();
  const lines = addressLines(address, lang);
  if (lines.length === 0) return <>{empty}</>;
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className="detail-line">
          {line}
        </span>
      ))}
    </>
  );
}

/** A person by name where the workspace names them, with the e-mail beside it; else the e-mail. */
export function PersonText({
  email,
  people,
  empty,
}: {
  email: string | null | undefined;
  people: readonly Person[] | null;
  empty: ReactNode;
}) {
  if (!email) return <>{empty}</>;
  const name = nameOf(people, email);
  if (!name) return <>{email}</>;
  return (
    <>
      {name} <span className="person-email">{email}</span>
    </>
  );
}

/** The estimates' total as text ("12.400,00 € + 800,00 CHF"); null when no total is known. */
export function totalText(facts: ProjectFacts | undefined, lang: UiLanguage): string | null {
  if (!facts || facts.total.length === 0) return null;
  return facts.total.map((s) => formatMoney(s.gross, s.currency, lang)).join(' + ');
}

/** Whether the total covers every estimate of the project. */
export function totalComplete(facts: ProjectFacts | undefined): boolean {
  return Boolean(facts && facts.estimates !== null && facts.totalsKnown === facts.estimates);
}

/** "2 of 3 estimates": how much of the project a partial total covers. */
export function useTotalCoverage(): (facts: ProjectFacts) => string {
  const t = useT();
  const lang = useLang();
  return (facts) =>
    t('plainProjects.totalPartial', {
      known: formatNumber(facts.totalsKnown, lang),
      count: formatNumber(facts.estimates ?? 0, lang),
    });
}
