/** How far a long operation has got; it carries the id the renderer gave the operation. */
export interface ProgressEvent {
  operationId: string;
  done: number;
  /** null while unknown */
  total: number | null;
  /**
   * A step of the operation before its main work, when it has one: `copying` while an upload's files
   * are copied into PlanDesk's outbox (bytes copied of all), before anything is sent.
   */
  phase?: OperationPhase;
}

export type OperationPhase = 'copying';
