/**
 * File names the service chose, made safe to show and to write to disk on Windows, macOS and Linux.
 * The one place for this rule: downloads, "open", previews, the CLI and the files screen use it.
 */
import { withoutHiddenCharacters } from '../text/hidden-characters';

/** Characters Windows refuses in names, and both path separators. */
const NOT_IN_NAMES = /[<>:"|?*\\/]/g;
/** Device names Windows reserves whatever the extension ("CON.txt", "lpt1.pdf"). */
const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|conin\$|conout\$|com[1-9¹²³]|lpt[1-9¹²³])$/i;
/**
 * Room left under the common 255-byte limit for what PlanDesk adds: " (999)" for a name already
 * taken, and the hidden ".<name>.<8 hex>.part" of a download in progress.
 */
export const MAX_FILE_NAME_BYTES = 200;
/** Longer "extensions" are not kept whole when a name is cut. */
const MAX_KEPT_EXTENSION = 16;

const encoder = new TextEncoder();
const utf8Length = (s: string): number => encoder.encode(s).length;

/** The name as the files screen shows it: without hidden characters (see hidden-characters.ts). */
export function displayFileName(name: string): string {
  return withoutHiddenCharacters(name).trim();
}

/**
 * One file name, safe in any folder of any of the three systems: no separators, no `.`/`..`, no
 * characters Windows refuses, no hidden characters, no trailing dots or spaces (Windows drops them,
 * so "a.pdf.exe." would be "a.pdf.exe" there), no reserved device name, not hidden (no leading dot),
 * at most MAX_FILE_NAME_BYTES bytes of UTF-8 with the extension kept. `fallback` when nothing usable
 * is left; it must itself be safe (a constant, never anything from the service).
 */
export function safeFileName(name: string, fallback = 'file'): string {
  let safe = displayFileName(name)
    .replace(NOT_IN_NAMES, '_')
    .replace(/[. ]+$/, '');
  if (safe.startsWith('.')) safe = `_${safe.replace(/^\.+/, '')}`;
  if (safe === '') return fallback;
  const dot = safe.indexOf('.');
  const stem = (dot === -1 ? safe : safe.slice(0, dot)).trimEnd();
  if (RESERVED_ON_WINDOWS.test(stem)) safe = `_${safe}`;
  return capped(safe);
}

/** The real extension of a name, as the OS would see it on disk: lower case, without the dot. */
export function fileExtension(name: string): string {
  const safe = safeFileName(name, '');
  const dot = safe.lastIndexOf('.');
  return dot <= 0 || dot === safe.length - 1 ? '' : safe.slice(dot + 1).toLowerCase();
}

function capped(name: string): string {
  if (utf8Length(name) <= MAX_FILE_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= MAX_KEPT_EXTENSION + 1 ? name.slice(dot) : '';
  const room = MAX_FILE_NAME_BYTES - utf8Length(ext);
  let stem = '';
  for (const c of name.slice(0, name.length - ext.length)) {
    if (utf8Length(stem + c) > room) break;
    stem += c;
  }
  return stem.replace(/[. ]+$/, '') + ext;
}
