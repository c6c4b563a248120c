/** The worker script of the export tasks (see workers/tasks.ts): they run on the export thread. */
import { serveTasks } from '../workers/serve';
import { changeOrderPdfTask, changeOrderXlsxTask } from './change-order/tasks';
import { exportReadTask, pdfPagesTask, pdfTask, roomsXlsxTask, xlsxTask } from './export-tasks';
import { exportWarmTask } from './warm-up';

const tasks = {
  // Read in the thread that writes: the document is kept there for the writer (prepared-documents.ts).
  'export-read': exportReadTask,
  'export-xlsx': xlsxTask,
  'export-pdf': pdfTask,
  // A PDF's page count before it is written (a large one is not written without asking).
  'export-pdf-pages': pdfPagesTask,
  // Started when an estimate opens: the export thread loads, parses its fonts and lays out once.
  'export-warm': exportWarmTask,
  // A plan's rooms workbook, with the costs per room of an estimate beside it (issue 28).
  'export-rooms-xlsx': roomsXlsxTask,
  // A change order is a document, written here with the other writers.
  'export-change-order-pdf': changeOrderPdfTask,
  'export-change-order-xlsx': changeOrderXlsxTask,
};

export default serveTasks('export-worker', tasks);

type ExportTasks = typeof tasks;
declare module '../workers/tasks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends ExportTasks {}
}
