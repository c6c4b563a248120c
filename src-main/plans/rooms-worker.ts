/**
 * The worker script of an estimate placed on its plan's rooms (issue 28; see workers/tasks.ts): a
 * script of the plans feature, so the estimates feature knows nothing of plans.
 */
import { serveTasks } from '../workers/serve';
import { roomsCostsTask } from './rooms-costs-task';

const tasks = {
  'rooms-costs': roomsCostsTask,
};

export default serveTasks('rooms-worker', tasks);

type RoomsTasks = typeof tasks;
declare module '../workers/tasks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends RoomsTasks {}
}
