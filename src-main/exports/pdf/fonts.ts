/**
 * The PDF's fonts: Roboto, embedded from pdfmake's own TTF files (they cover ä ß é ø ñ ç and the rest
 * of Latin-1 / Latin Extended-A), and pdfmake locked down to read nothing else.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import pdfmake from 'pdfmake';
import { checkCancelWhileMeasuring, shareFontsAcrossDocuments } from './shared-fonts';
import { cancelPoint } from '../../workers/cancel-point';

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

function hasFonts(dir: string): boolean {
  return Object.values(FONT_FILES).every((f) => existsSync(join(dir, f)));
}

function walkUp(start: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** The font file of a face of the documents' font (Roboto). */
export function fontFile(fontDir: string, bold: boolean, italics: boolean): string {
  return join(
    fontDir,
    FONT_FILES[bold ? (italics ? 'bolditalics' : 'bold') : italics ? 'italics' : 'normal'],
  );
}

const known = new Map<string, string>();

/** pdfmake's Roboto folder: through module resolution, else upwards from the cwd and this file (looked up once). */
export function findFontDir(explicit?: string): string {
  const key = explicit ?? '';
  let dir = known.get(key);
  if (dir === undefined) known.set(key, (dir = lookUpFontDir(explicit)));
  return dir;
}

function lookUpFontDir(explicit?: string): string {
  const candidates: string[] = [];
  if (explicit) candidates.push(explicit);
  const env = process.env.PLANDESK_PDF_FONTS;
  if (env) candidates.push(env);
  const bases = [process.cwd(), ...(typeof __dirname === 'string' ? [__dirname] : [])];
  for (const base of bases) {
    try {
      const pkg = createRequire(join(base, 'noop.js')).resolve('pdfmake/package.json');
      candidates.push(join(dirname(pkg), 'build', 'fonts', 'Roboto'), join(dirname(pkg), 'fonts', 'Roboto'));
    } catch {
      // Not resolvable from here; try the folders below.
    }
    for (const dir of walkUp(base)) {
      candidates.push(join(dir, 'node_modules', 'pdfmake', 'build', 'fonts', 'Roboto'));
    }
  }
  const found = candidates.find(hasFonts);
  if (!found)
    throw new Error(`The PDF fonts (Roboto) were not found; looked in: ${candidates.slice(0, 6).join(', ')}`);
  return found;
}

/**
 * pdfmake is a process-wide singleton: fonts by path, no URL fetching at all, and local file reads
 * only inside the font folder (images come as data: URLs, which need neither). Fonts are parsed once
 * per thread (shared-fonts.ts).
 */
export function configurePdfmake(fontDir: string): void {
  shareFontsAcrossDocuments(join(fontDir, FONT_FILES.normal));
  checkCancelWhileMeasuring(join(fontDir, FONT_FILES.normal));
  const root = resolve(fontDir) + sep;
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(root));
  // Called for each item pdfmake prints: where a cancelled export stops while its pages are printed.
  pdfmake.setProgressCallback(() => cancelPoint());
  pdfmake.setFonts({
    Roboto: {
      normal: join(fontDir, FONT_FILES.normal),
      bold: join(fontDir, FONT_FILES.bold),
      italics: join(fontDir, FONT_FILES.italics),
      bolditalics: join(fontDir, FONT_FILES.bolditalics),
    },
  });
}
