/** The worker script of the estimate tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { roomsCostsTask } from '../plans/rooms-costs-task';
import { estimateReadTask, estimateViewTask } from './estimate-tasks';

export default serveTasks({
  'estimate-view': estimateViewTask,
  'estimate-read': estimateReadTask,
  'rooms-costs': roomsCostsTask,
});
