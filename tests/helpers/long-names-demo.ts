import { readFileSync } from 'node:fs';
import { MONEY_FIELDS } from '../../src-shared/estimates/types';
import type { SimDataset } from '../../simulator/data/types';

/**
 * The demo data as a real account looks after a few years: names of 60 characters and more
 * (workspace, projects, estimates, items, clients, forms, files, floors and rooms, teams) and
 * totals of twelve digits and more (every money figure of every estimate ×10⁸, exactly: the figures still add up
 * as before, quantities and rates unchanged). For the narrow-window and accessibility walks.
 */
export function longNamesDemo(): SimDataset {
  const data = JSON.parse(readFileSync('resources/demo/dataset.json', 'utf8')) as SimDataset;
  const w = data.workspaces[0]!;
  w.name = `${w.name} – Niederlassung Hamburg-Altona, Sanierung & Ausbau`;
  for (const team of w.teams) team.name = long(team.name, 'Gewerkeübergreifende Koordination');
  for (const form of w.forms) form.name = long(form.name, 'Prüfliste für Bestandsaufnahme vor Ort');
  for (const p of w.projects) {
    p.name = long(p.name, 'Kernsanierung mit Sanitär- und Elektroinstallation');
    for (const f of p.files) f.name = longFile(f.name);
    for (const floor of p.plan.floors) {
      floor.name = long(floor.name, 'Wohnbereich mit Galerie und Zugang zur Dachterrasse');
      for (const room of floor.rooms)
        room.name = long(room.name, 'mit offener Küche, Essplatz und Wintergarten');
    }
    for (const e of p.estimates) {
      e.name = long(e.name, 'Leistungsverzeichnis nach DIN 276, Kostengruppen 300 und 400');
      e.customer.company = long(
        e.customer.company || e.customer.lastname,
        'Objektbetreuung Hamburg Nord und Ost',
      );
      for (const item of e.items) {
        item.name = long(item.name, 'einschließlich Untergrundvorbereitung und Schutzabdeckung');
        for (const key of MONEY_FIELDS) {
          const value = item[key];
          if (typeof value === 'string') item[key] = timesHundredMillion(value);
        }
      }
      const totals = e.estimate_totals as unknown as Record<string, string>;
      for (const key of Object.keys(totals)) totals[key] = timesHundredMillion(totals[key]!);
    }
  }
  return data;
}

/** A name of at least 60 characters: the name, then a plausible addition. */
function long(name: string, addition: string): string {
  const text = `${name} – ${addition}`;
  return text.length >= 60 ? text : `${text} (Bauabschnitt 2, Nachtrag)`;
}

function longFile(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return `${long(base, 'Aufmaß und Fotodokumentation Bauabschnitt Nord')}${ext}`;
}

/** A decimal string ×10⁸, exactly (the decimal point moves; twelve fractional digits kept). */
export function timesHundredMillion(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const digits = fraction.padEnd(20, '0');
  const integer = `${whole}${digits.slice(0, 8)}`.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${integer}.${digits.slice(8, 20)}`;
}
