/** The worker script of the estimate versions tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { compareVersionsTask, encodeVersionTask, rebaseVersionTask } from './version-tasks';

export default serveTasks({
  'versions-encode': encodeVersionTask,
  'versions-rebase': rebaseVersionTask,
  'versions-compare': compareVersionsTask,
});
