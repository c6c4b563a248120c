/** How far a long operation has got; it carries the id the renderer gave the operation. */
export interface ProgressEvent {
  operationId: string;
  done: number;
  /** null while unknown */
  total: number | null;
}
