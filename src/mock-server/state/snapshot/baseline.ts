import type { MockState, MockStateOptions } from '../mock-state.js';
import { exportSnapshot } from './export.js';
import { restoreSnapshot } from './restore.js';
import type { SnapshotDocument } from './schema.js';

/**
 * A state to come back to (the seed, an empty state, a loaded file): its snapshot, taken once,
 * and the options it was built with. {@link fresh} restores a new state from it, with no re-seed:
 * far faster than seeding it again (docs/benchmarks.md, "Per-call costs").
 */
export class StateBaseline {
  private constructor(
    private readonly document: SnapshotDocument,
    private readonly options: MockStateOptions,
  ) {}

  /** The baseline of `state` as it is now (later changes to `state` do not reach it). */
  static of(state: MockState): StateBaseline {
    return new StateBaseline(exportSnapshot(state), state.options);
  }

  /** The baseline of a snapshot document already checked (`validateSnapshot`), restored with `options`. */
  static ofDocument(document: SnapshotDocument, options: MockStateOptions): StateBaseline {
    return new StateBaseline(document, options);
  }

  /** A new state equal to the baseline; each call gives another, sharing nothing. */
  fresh(): MockState {
    return restoreSnapshot(this.document, this.options);
  }
}
