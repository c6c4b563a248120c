/** The worker script of the estimate tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { estimateReadTask, estimateViewTask } from './estimate-tasks';

const tasks = {
  'estimate-view': estimateViewTask,
  'estimate-read': estimateReadTask,
};

export default serveTasks('estimate-worker', tasks);

type EstimateTasks = typeof tasks;
declare module '../workers/tasks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends EstimateTasks {}
}
