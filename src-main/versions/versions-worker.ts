/**
 * The worker script of the estimate versions tasks (issue 17; see workers/tasks.ts): keeping and
 * comparing versions in their own script.
 */
import { serveTasks } from '../workers/serve';
import {
  compareVersionsTask,
  encodeVersionTask,
  prepareVersionsTask,
  rebaseVersionTask,
} from './version-tasks';

const tasks = {
  'versions-encode': encodeVersionTask,
  'versions-rebase': rebaseVersionTask,
  'versions-compare': compareVersionsTask,
  'versions-prepare': prepareVersionsTask,
};

export default serveTasks('versions-worker', tasks);

type VersionsTasks = typeof tasks;
declare module '../workers/tasks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends VersionsTasks {}
}
