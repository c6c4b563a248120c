/**
 * The tasks a worker can run, by name. Each module is imported when its task first runs, so a
 * worker loads only what it is asked to do.
 */
export type Progress = (done: number, total: number | null) => void;
export type Task = (input: never, progress?: Progress) => Promise<unknown>;

export const TASKS: Readonly<Record<string, () => Promise<Task>>> = {
  'estimate-view': async () => (await import('../estimates/estimate-tasks')).estimateViewTask,
  'estimate-cache-body': async () => (await import('../estimates/estimate-tasks')).estimateCacheBodyTask,
  'export-xlsx': async () => (await import('../exports/export-tasks')).xlsxTask,
  'export-pdf': async () => (await import('../exports/export-tasks')).pdfTask,
  // Estimate versions (issue 17).
  'versions-encode': async () => (await import('../versions/version-tasks')).encodeVersionTask,
  'versions-rebase': async () => (await import('../versions/version-tasks')).rebaseVersionTask,
  'versions-compare': async () => (await import('../versions/version-tasks')).compareVersionsTask,
  'change-order-pdf': async () => (await import('../versions/change-order-tasks')).changeOrderPdfTask,
  'change-order-xlsx': async () => (await import('../versions/change-order-tasks')).changeOrderXlsxTask,
};
