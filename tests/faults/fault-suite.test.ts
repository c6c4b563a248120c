import { describe } from 'vitest';
import { FULL, faultSuite } from './suite';

// `npm run faults`: the whole fault suite, with the counts per scenario printed at the end.
describe('the fault suite', () => faultSuite(FULL));
