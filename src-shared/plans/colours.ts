/**
 * Names for the colours a plan carries (a room's floor colour, an affected area's marking). The
 * service sends hex codes; a code within a just-noticeable difference of a colour PlanDesk has a name
 * for is shown with that name, any other with its code alone (a name is never stretched to fit).
 */
import type { MessageKey } from '../i18n/catalogue';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A "#RGB", "#RRGGBB" or "#RRGGBBAA" colour safe to paint; null for anything else. */
export function safeColour(value: unknown): string | null {
  return typeof value === 'string' && HEX_COLOUR.test(value.trim()) ? value.trim() : null;
}

/** The colours with a name: the floor and marking colours of the service's app, and common ones. */
const NAMED: readonly (readonly [string, MessageKey])[] = [
  ['#FFFFFF', 'colour.white'],
  ['#F2F2F2', 'colour.lightGrey'],
  ['#E8E4DA', 'colour.offWhite'],
  ['#FFFDD0', 'colour.cream'],
  ['#F4E1C1', 'colour.sand'],
  ['#EFD3B5', 'colour.apricot'],
  ['#D9CBB4', 'colour.greige'],
  ['#C8A165', 'colour.oak'],
  ['#8E7F6F', 'colour.taupe'],
  ['#8B5A2B', 'colour.brown'],
  ['#A7A29A', 'colour.warmGrey'],
  ['#808080', 'colour.grey'],
  ['#3C3F41', 'colour.anthracite'],
  ['#000000', 'colour.black'],
  ['#DDE6ED', 'colour.paleBlue'],
  ['#B5C7D3', 'colour.blueGrey'],
  ['#C9D7B8', 'colour.sage'],
  ['#E2725B', 'colour.terracotta'],
  ['#E53935', 'colour.red'],
  ['#FB8C00', 'colour.orange'],
  ['#FDD835', 'colour.yellow'],
  ['#43A047', 'colour.green'],
  ['#1E88E5', 'colour.blue'],
  ['#8E24AA', 'colour.purple'],
];

/** CIE76 distance under which two colours look the same to most people. */
const SAME_COLOUR = 5;

type Lab = [number, number, number];

function rgbOf(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function labOf(hex: string): Lab {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const NAMED_LAB = NAMED.map(([hex, key]) => ({ lab: labOf(hex), key }));

/** The name of a colour that looks like one PlanDesk has a name for; null for any other. */
export function colourNameKey(value: string | null | undefined): MessageKey | null {
  const hex = safeColour(value);
  if (!hex) return null;
  const lab = labOf(hex);
  let best: { key: MessageKey; distance: number } | null = null;
  for (const named of NAMED_LAB) {
    const distance = Math.hypot(lab[0] - named.lab[0], lab[1] - named.lab[1], lab[2] - named.lab[2]);
    if (!best || distance < best.distance) best = { key: named.key, distance };
  }
  return best && best.distance <= SAME_COLOUR ? best.key : null;
}
