import { describe } from 'vitest';
import { FAST, faultSuite } from '../faults/suite';

// The fast part of the fault suite (`npm run faults` runs it whole): every scenario, fewer trials.
describe('the fault suite, fast part', () => faultSuite(FAST));
