/**
 * The demo workspace the app lists before its simulator runs: the first workspace of the demo data
 * set. Kept here so that listing it does not load the simulator; tests/unit/demo-workspace.test.ts
 * keeps these values and the data set's in step.
 */
export const DEMO_APP_WORKSPACE = { name: 'Nordlicht Renovierung GmbH', customer: 'demo-nordlicht' } as const;
