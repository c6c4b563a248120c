import type { EventChannel, EventPayloads } from '../../src-shared/ipc/contract';

/** Sends an event to the renderer (the window in the app, the page in the e2e harness). */
export type Emit = <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;
