import { describeModelPower } from './support/model-power.js';

/** Half of the edge faults (every other one); the rest run in model-power-a.test.ts. */
describeModelPower(1);
