import type { Fault } from '../../support/fault.js';
import { makeContentFaults } from './content.js';
import { makeCredentialFaults } from './credentials.js';
import { makeDeletedEdgeFaults } from './deleted-edges.js';
import { makeEventFaults } from './events.js';
import { makeInterleavingFaults } from './interleaving.js';
import { makeReadsFromFaults } from './reads-from.js';

/**
 * Faulty servers at the edges the scripted checks do not reach: each breaks one sentence of
 * SPEC.md, passes every scripted check (test/conformance/model-power-*.test.ts proves it), and
 * names in `breaks` the model check (`model.*`) that must catch it. Several keep state (the
 * cursors they issued, what they cached), so each call makes fresh ones: one set per run.
 */
export function makeEdgeFaults(): Fault[] {
  return [...makeContentFaults(), ...makeDeletedEdgeFaults(), ...makeInterleavingFaults(), ...makeReadsFromFaults(), ...makeCredentialFaults(), ...makeEventFaults()];
}

/** One set of the edge faults; a test that runs them more than once makes its own with {@link makeEdgeFaults}. */
export const edgeFaults: readonly Fault[] = makeEdgeFaults();

/** The model checks an edge fault may name. */
export const MODEL_CHECKS = ['model.messages', 'model.messages-since', 'model.credentials', 'model.events'] as const;
