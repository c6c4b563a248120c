import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { letZipCatchUp, xmlWaitingForZip } from '../../src-main/exports/excel/zip-backlog';

/** A destination that takes every byte and keeps none. */
function sink(): Writable & { bytes: number } {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  out.bytes = 0;
  return out;
}

describe("the Excel writer waits for exceljs's zip", () => {
  it('sees the XML a sheet wrote and the zip has not taken, and waits until the zip has caught up', async () => {
    const out = sink();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: true,
    });
    const ws = wb.addWorksheet('Items');
    // Written without a turn of the event loop: all of it waits for the zip (about 2 MB of XML).
    for (let i = 0; i < 20_000; i++) {
      ws.addRow([`Position ${i}: Fliesen verlegen, Fugen, Silikon`, i * 1.5, `P-${i}`]).commit();
    }
    // The internals it reads are as expected: exceljs 4 and its zip (archiver) changed nothing.
    const waiting = xmlWaitingForZip(ws);
    expect(waiting).toBeGreaterThan(1024 * 1024);
    await letZipCatchUp(ws);
    expect(xmlWaitingForZip(ws)).toBeLessThanOrEqual(1024 * 1024);
    ws.commit();
    await wb.commit();
    expect(out.bytes).toBeGreaterThan(0);
  });

  it('reads nothing waiting from a sheet whose stream has not started', () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink() });
    expect(xmlWaitingForZip(wb.addWorksheet('Empty'))).toBe(0);
  });
});
