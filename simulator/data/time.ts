/**
 * Time stamps of the generated data: every one is a fixed base date plus a PRNG offset (no clock),
 * written in the service's several formats.
 */
import type { Prng } from './prng';

/** 2026-01-05T08:00:00Z */
export const BASE_MS = Date.UTC(2026, 0, 5, 8, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** `YYYY-MM-DDTHH:MM:SS` (UTC) of a time; the date part is cached (the big data set has ~100k stamps). */
function isoSeconds(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const seconds = Math.floor((ms - day * DAY) / 1000);
  const h = TWO_DIGITS[Math.floor(seconds / 3600)] as string;
  const m = TWO_DIGITS[Math.floor(seconds / 60) % 60] as string;
  const sec = TWO_DIGITS[seconds % 60] as string;
  return `${prefix}${h}:${m}:${sec}`;
}
/** ISO 8601 with microseconds and offset: 2026-01-05T08:00:00.123456+00:00 */
export function isoMicro(ms: number, micros: number): string {
  return `${isoSeconds(ms)}.${String(micros).padStart(6, '0')}+00:00`;
}
/** ISO 8601 with offset: 2026-01-05T08:00:00+00:00 */
export function isoOffset(ms: number): string {
  return `${isoSeconds(ms)}+00:00`;
}
/** YYYY-MM-DD HH:MM:SS (UTC) */
export function sqlTime(ms: number): string {
  return isoSeconds(ms).replace('T', ' ');
}
export function startOfDay(ms: number): number {
  return ms - (ms % DAY);
}
/** A time between from and to (whole seconds). */
export function timeBetween(rng: Prng, from: number, to: number): number {
  const fromS = Math.ceil(from / 1000);
  const toS = Math.max(fromS, Math.floor(to / 1000));
  return rng.int(fromS, toS) * 1000;
}
