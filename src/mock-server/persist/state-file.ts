import { chmod, readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import type { Engine } from '../engine/engine.js';
import type { MockState, MockStateOptions } from '../state/mock-state.js';
import { SnapshotError } from '../state/snapshot/errors.js';
import { exportSnapshot } from '../state/snapshot/export.js';
import { restoreSnapshot } from '../state/snapshot/restore.js';

/**
 * The mode of the state file: its owner alone reads and writes it, because it holds every live
 * session token and password hash (write-file-atomic would otherwise copy the mode of the file it
 * replaces, or take 0644 from a usual umask).
 */
export const STATE_FILE_MODE = 0o600;

/** How `--persist` writes: debounced, so a burst of changes costs one write. */
export interface PersistOptions {
  /** The state file. */
  readonly file: string;
  /** Write this long after the last change. @default 250 */
  readonly debounceMs?: number;
  /** ...but no later than this after the first unwritten change, however busy the mock is. @default 2000 */
  readonly maxWaitMs?: number;
}

/** A state file that exists but cannot be loaded: the mock refuses to start and leaves it untouched. */
export class StateFileRefused extends Error {
  override readonly name = 'StateFileRefused';
}

/**
 * The state saved in `file`, restored with `options`; null when there is no such file (the mock
 * then starts as usual and writes one). A file that is torn, corrupt, of another format or
 * version, or unreadable is refused with a {@link StateFileRefused} whose message is one sentence.
 */
export async function loadStateFile(file: string, options: MockStateOptions): Promise<MockState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new StateFileRefused(`cannot read the --persist file ${file} (${code ?? String(error)}); it is left untouched.`);
  }
  let state: MockState;
  try {
    // The checks (and valibot) load only when there is a file to check.
    const { parseSnapshot } = await import('../state/snapshot/validate.js');
    state = restoreSnapshot(parseSnapshot(text), options);
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    throw new StateFileRefused(`refusing the --persist file ${file}, left untouched: ${error.message.replace(/\.$/, '')}.`);
  }
  // A good file written by an older version (or copied in) may be readable by others: narrow it
  // now, not at the first change. Not fatal: where modes do not apply, the next write still
  // replaces it with a new file of STATE_FILE_MODE.
  await chmod(file, STATE_FILE_MODE).catch(() => undefined);
  return state;
}

/**
 * Keeps `file` equal to the engine's state: after every change the engine reports (a mutation
 * from any door, an upload, a reset or restore), it writes a snapshot, debounced, atomically
 * (write-file-atomic: a temporary file, fsync, rename), so after a crash or `kill -9` the file
 * holds either the previous or the next good state, never a torn one. One write at a time; a
 * change during a write schedules another.
 */
export class StateFileWriter {
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** When the oldest unwritten change happened, or undefined when everything is written. */
  private dirtySince: number | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly stop: () => void;

  constructor(
    private readonly engine: Engine,
    private readonly options: PersistOptions,
  ) {
    this.debounceMs = options.debounceMs ?? 250;
    this.maxWaitMs = options.maxWaitMs ?? 2_000;
    this.stop = engine.onChange(() => this.changed());
  }

  /**
   * Writes the state now (at start, when there was no file) and resolves once it is on disk;
   * rejects with a {@link StateFileRefused} when the file cannot be written.
   */
  writeNow(): Promise<void> {
    clearTimeout(this.timer);
    this.dirtySince = undefined;
    this.writing = this.writing.then(() => this.write(true));
    return this.writing;
  }

  /** Writes what is not written yet, and resolves once every write is done (at shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirtySince !== undefined) {
      this.dirtySince = undefined;
      // The snapshot is taken when the write starts, after the previous write has finished.
      this.writing = this.writing.then(() => this.write());
    }
    return this.writing;
  }

  /** Flushes and stops listening. */
  async close(): Promise<void> {
    this.stop();
    await this.flush();
  }

  private changed(): void {
    const now = Date.now();
    this.dirtySince ??= now;
    clearTimeout(this.timer);
    const at = Math.min(now + this.debounceMs, this.dirtySince + this.maxWaitMs);
    this.timer = setTimeout(() => void this.flush(), Math.max(0, at - now));
  }

  private async write(strict = false): Promise<void> {
    const text = JSON.stringify(exportSnapshot(this.engine.state));
    try {
      await writeFileAtomic(this.options.file, text, { fsync: true, mode: STATE_FILE_MODE });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (strict) throw new StateFileRefused(`cannot write the --persist file ${this.options.file} (${reason}).`);
      // The mock keeps serving; the next change tries again.
      console.error(`[parley] could not write the --persist file ${this.options.file}: ${reason}`);
    }
  }
}
