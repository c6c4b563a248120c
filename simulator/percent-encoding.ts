/**
 * The service's form encoding: UTF-8, and every byte that is not an ASCII letter or digit written
 * as %HH (uppercase). One implementation for the simulator and PlanDesk (src-shared), so what the
 * simulator posts is exactly what PlanDesk's listener and test sender read and write.
 */
export { formEncode, percentEncodeAll } from '../src-shared/webhook/form-encoding';
