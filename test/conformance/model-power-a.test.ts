import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/conformance/catalogue.js';
import { faults } from './faults/index.js';
import { makeEdgeFaults, MODEL_CHECKS } from './faults/edges/index.js';
import { describeModelPower } from './support/model-power.js';

describe('the edge faults', () => {
  it('have unique names, apart from the faulty servers of faults/, and each names model checks of the catalogue only', () => {
    const edges = makeEdgeFaults();
    const names = edges.map((fault) => fault.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => faults.some((fault) => fault.name === name))).toEqual([]);
    const known = new Set<string>(MODEL_CHECKS.filter((id) => catalogue.some((check) => check.id === id)));
    expect([...known].sort()).toEqual([...MODEL_CHECKS].sort());
    expect(edges.filter((fault) => fault.breaks.length === 0 || fault.breaks.some((id) => !known.has(id))).map((fault) => fault.name)).toEqual([]);
    expect(edges.length).toBeGreaterThanOrEqual(22);
  });
});

/** Half of the edge faults (every other one); the rest run in model-power-b.test.ts. */
describeModelPower(0);
