/** The worker script of the export tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { changeOrderPdfTask, changeOrderXlsxTask } from './change-order/tasks';
import { exportReadTask, pdfTask, roomsXlsxTask, xlsxTask } from './export-tasks';

const tasks = {
  // Read in the thread that writes: the document is kept there for the writer (prepared-documents.ts).
  'export-read': exportReadTask,
  'export-xlsx': xlsxTask,
  'export-pdf': pdfTask,
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
