/** The worker script of the export tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { changeOrderPdfTask, changeOrderXlsxTask } from './change-order/tasks';
import { exportReadTask, pdfPagesTask, pdfTask, xlsxTask } from './export-tasks';
import { exportWarmTask } from './warm-up';

export default serveTasks({
  'export-read': exportReadTask,
  'export-xlsx': xlsxTask,
  'export-pdf': pdfTask,
  'export-pdf-pages': pdfPagesTask,
  'export-warm': exportWarmTask,
  'change-order-pdf': changeOrderPdfTask,
  'change-order-xlsx': changeOrderXlsxTask,
});
