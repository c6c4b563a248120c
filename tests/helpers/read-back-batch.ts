import { join } from 'node:path';
import { flatOdsOf, recalculatedWorkbooks, workbooksAsPdf, type Sheet } from './export-readers';

/** What is read back of a workbook by LibreOffice. */
export interface ReadBackKinds {
  /** Every sheet, recalculated (export-readers.ts `recalculatedSheets`). */
  sheets?: boolean;
  /** The workbook as flat OpenDocument XML (`flatOds`). */
  fods?: boolean;
  /** The workbook printed to a PDF by LibreOffice's own print setup (`workbooksAsPdf`). */
  pdf?: boolean;
}

/** One workbook of a batch: its file, and what LibreOffice read of it (after the batch has run). */
export interface WorkbookReadBack {
  readonly file: string;
  sheets(): Sheet[];
  fods(): string;
  /** The printed PDF's path. */
  pdf(): string;
}

interface Entry {
  name: string;
  file: string;
  write: (file: string) => Promise<void>;
  kinds: ReadBackKinds;
  /** Why the workbook could not be written, or not read. */
  error?: unknown;
  sheets?: Sheet[];
  fods?: string;
  pdf?: string;
}

/**
 * The workbooks a test file reads back through LibreOffice, read in one LibreOffice start per kind
 * of read-back instead of one start per workbook (its start is most of a read-back's time). Each
 * test declares its workbook when the file loads — how it is written, what is read of it — and
 * takes its own results; `ready()`, in a beforeAll, writes them all and reads them back. A workbook
 * that could not be written or read fails its own test, with the reason, and no other.
 */
export class ReadBackBatch {
  private readonly entries: Entry[] = [];
  private ran = false;

  /** `dir` gives the folder the workbooks are written to (known once the file's beforeAll ran). */
  constructor(private readonly dir: () => string) {}

  /** A workbook `name` (distinct in the batch) that `write` writes to the file it is given. */
  add(name: string, write: (file: string) => Promise<void>, kinds: ReadBackKinds): WorkbookReadBack {
    if (this.entries.some((e) => e.name === name)) throw new Error(`Two workbooks named ${name}`);
    const entry: Entry = { name, file: '', write, kinds };
    const fileName = `${name}.xlsx`;
    this.entries.push(entry);
    const result = <T>(kind: keyof ReadBackKinds, value: () => T | undefined): T => {
      if (!this.ran) throw new Error('The read-back batch has not run: await ready() in a beforeAll.');
      if (!entry.kinds[kind]) throw new Error(`${fileName}: ${kind} was not asked for`);
      if (entry.error !== undefined) throw entry.error;
      const v = value();
      if (v === undefined) throw new Error(`LibreOffice gave no ${kind} for ${fileName}`);
      return v;
    };
    return {
      // Set when the batch runs (the folder does not exist before).
      get file() {
        return entry.file;
      },
      sheets: () => result('sheets', () => (entry.sheets?.length ? entry.sheets : undefined)),
      fods: () => result('fods', () => entry.fods),
      pdf: () => result('pdf', () => entry.pdf),
    };
  }

  private running: Promise<void> | null = null;

  /**
   * Runs the batch once, however many describe blocks share it (each awaits this in a beforeAll, so
   * a block skipped for want of a program does not keep the others from their results).
   */
  ready(): Promise<void> {
    return (this.running ??= this.run());
  }

  /** Writes every workbook, then reads them back: one LibreOffice start per kind asked for. */
  private async run(): Promise<void> {
    const dir = this.dir();
    for (const entry of this.entries) {
      entry.file = join(dir, `${entry.name}.xlsx`);
      try {
        await entry.write(entry.file);
      } catch (err) {
        entry.error = err;
      }
    }
    const wanting = (kind: keyof ReadBackKinds) =>
      this.entries.filter((e) => e.kinds[kind] && e.error === undefined);
    await this.read(wanting('sheets'), async (files) => {
      const sheets = await recalculatedWorkbooks(files);
      return (e) => void (e.sheets = sheets.get(e.file));
    });
    await this.read(wanting('fods'), async (files) => {
      const fods = await flatOdsOf(files);
      return (e) => void (e.fods = fods.get(e.file));
    });
    await this.read(wanting('pdf'), async (files) => {
      const pdfs = await workbooksAsPdf(files, join(dir, 'printed'));
      return (e) => void (e.pdf = pdfs[files.indexOf(e.file)]);
    });
    this.ran = true;
  }

  /** One read-back of `entries`; when it fails as a whole, each of them fails with its reason. */
  private async read(entries: Entry[], convert: (files: string[]) => Promise<(e: Entry) => void>) {
    if (entries.length === 0) return;
    try {
      const keep = await convert(entries.map((e) => e.file));
      for (const e of entries) keep(e);
    } catch (err) {
      for (const e of entries) e.error ??= err;
    }
  }
}
