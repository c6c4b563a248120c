/**
 * The one spreadsheet writer of PlanDesk: every workbook (quotes, worksheets, project workbooks,
 * change orders, rooms) is a list of sheets written in turn through exceljs's streaming writer, to a
 * file (a temporary file next to it, renamed when complete, so a failed export leaves no half-written
 * file) or to a stream. A new sheet for a document is one more `SheetWriter` in its list.
 *
 * The stream's errors are seen at once: the writer only listens for them when it commits, so without
 * this an early error (disk full, a closed stream) would go unhandled and the commit would wait
 * forever. The file's properties say what it is, who made it and in which language; its app.xml
 * names PlanDesk (exceljs would write "Microsoft Excel").
 */
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { writeAtomically } from '../../local-files/write-atomically';
import { SheetNamer } from '../sheet-names';

export interface WorkbookGuard {
  /** Throws the stream's error, if it failed (the sheet writers call it between batches of rows). */
  check(): void;
  /** `work`, or the stream's failure if that comes first. */
  race<T>(work: Promise<T>): Promise<T>;
}

export type StreamingWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;

/** What a sheet writer is given: the workbook, the one namer of its sheets, the stream's guard. */
export interface SheetContext {
  wb: StreamingWorkbook;
  namer: SheetNamer;
  guard: WorkbookGuard;
}

/** One sheet (or a few that belong together) of a workbook. */
export type SheetWriter = (context: SheetContext) => Promise<void> | void;

/** The document's properties (docProps/core.xml and app.xml). */
export interface WorkbookMeta {
  title: string;
  subject: string;
  /** The company that sends the document; PlanDesk when it names none. */
  author: string;
  /** BCP 47, e.g. de-DE. */
  language: string;
}

export interface WorkbookPlan {
  meta: WorkbookMeta;
  sheets: SheetWriter[];
}

export async function writeWorkbookFile(out: string | Writable, plan: WorkbookPlan): Promise<void> {
  if (typeof out !== 'string') return writeWorkbookStream(out, plan);
  await writeAtomically(out, async (partial) => {
    const handle = await open(partial, 'w');
    const stream = handle.createWriteStream();
    const closed = once(stream, 'close');
    try {
      await writeWorkbookStream(stream, plan);
      await closed;
    } catch (e) {
      stream.destroy();
      await closed.catch(() => undefined);
      throw e;
    }
  });
}

async function writeWorkbookStream(stream: Writable, plan: WorkbookPlan): Promise<void> {
  let streamError: Error | null = null;
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (e: Error) => {
      streamError = e;
      reject(e);
    }),
  );
  failed.catch(() => undefined);
  const guard: WorkbookGuard = {
    check: () => {
      if (streamError) throw streamError;
    },
    race: (work) => Promise.race([work, failed]),
  };
  // Loaded when a workbook is first written: a thread that writes PDFs only never loads it.
  const { default: excel } = await import('exceljs');
  const wb = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  const zip = (wb as unknown as { zip?: NodeJS.EventEmitter & ZipAppend }).zip;
  zip?.on('error', (e: Error) => stream.destroy(e));
  describe(wb, plan.meta, zip);
  const namer = new SheetNamer();
  for (const sheet of plan.sheets) await guard.race(Promise.resolve(sheet({ wb, namer, guard })));
  await guard.race(wb.commit());
}

interface ZipAppend {
  append(data: string, options: { name: string }): void;
}

function describe(wb: StreamingWorkbook, meta: WorkbookMeta, zip: ZipAppend | undefined): void {
  const author = clean(meta.author) || 'PlanDesk';
  Object.assign(wb, {
    creator: author,
    lastModifiedBy: 'PlanDesk',
    title: clean(meta.title),
    subject: clean(meta.subject),
    language: meta.language,
    company: author,
  });
  // exceljs writes app.xml itself, naming Microsoft Excel as the application: this one names PlanDesk.
  if (zip) {
    (wb as unknown as { addApp(): Promise<void> }).addApp = async () => {
      zip.append(appXml(author), { name: 'docProps/app.xml' });
    };
  }
}

// Control characters (invalid in XML, and a property is one line).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** Text for a property: one line, no control characters, not too long. */
function clean(text: string): string {
  return text.replace(CONTROL, ' ').trim().slice(0, 250);
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The extended properties: PlanDesk as the application, the company. */
export function appXml(company: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ' +
    'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    '<Application>PlanDesk</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
    `<Company>${xmlText(company)}</Company>` +
    '<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc>' +
    '<HyperlinksChanged>false</HyperlinksChanged></Properties>'
  );
}
