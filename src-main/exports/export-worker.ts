/** The worker script of the export tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { changeOrderPdfTask, changeOrderXlsxTask } from './change-order/tasks';
import { exportReadTask, pdfTask, xlsxTask } from './export-tasks';

export default serveTasks({
  'export-read': exportReadTask,
  'export-xlsx': xlsxTask,
  'export-pdf': pdfTask,
  'change-order-pdf': changeOrderPdfTask,
  'change-order-xlsx': changeOrderXlsxTask,
});
