/** The worker script of the export tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { pdfTask, xlsxTask } from './export-tasks';

export default serveTasks({ 'export-xlsx': xlsxTask, 'export-pdf': pdfTask });
