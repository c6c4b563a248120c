import type { PlanDeskApi } from '../src-shared/ipc/contract';

declare global {
  interface Window {
    api: PlanDeskApi;
  }
}

export {};
