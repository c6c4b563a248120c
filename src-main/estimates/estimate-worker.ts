/** The worker script of the estimate tasks (see workers/tasks.ts). */
import { serveTasks } from '../workers/serve';
import { estimateReadTask, estimateViewTask } from './estimate-tasks';

export default serveTasks({ 'estimate-view': estimateViewTask, 'estimate-read': estimateReadTask });
