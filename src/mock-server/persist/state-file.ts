import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, open, rename, truncate, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Runtime } from '../runtime/runtime.js';
import { nodeBase64 } from '../platform/node-base64.js';
import { useNativeBase64 } from '../state/base64.js';
import { StateJournal, stateRecords } from '../state/changes/journal.js';
import type { ChangeRecord } from '../state/changes/records.js';
import type { MockState, MockStateOptions } from '../state/mock-state.js';
import { SnapshotError } from '../state/snapshot/errors.js';
import { restoreSnapshot } from '../state/snapshot/restore.js';
import { BASE_END, HEADER, line } from './log-format.js';
import { RecordLine } from './record-line.js';
import { readStateFile } from './read-state-file.js';
import { StateFileRefused } from './state-file-refused.js';
import type { StateFileLock } from './state-lock.js';

export { StateFileRefused };

/**
 * The mode of the state file: its owner alone reads and writes it, because it holds every live
 * session token and password hash.
 */
export const STATE_FILE_MODE = 0o600;

/** How `--persist` writes: debounced, so a burst of changes costs one append. */
export interface PersistOptions {
  /** The state file. */
  readonly file: string;
  /** Append this long after the last change. @default 250 */
  readonly debounceMs?: number;
  /** ...but no later than this after the first unwritten change, however busy the mock is. @default 1000 */
  readonly maxWaitMs?: number;
  /**
   * Compact (write a fresh base) once the appended changes pass this many bytes, or the base's
   * size if that is larger: the file stays within about twice a fresh one. @default 1048576
   */
  readonly compactAfterBytes?: number;
}


/** A `--persist` file as loaded: its state, and where its log stands (null: it needs a base written). */
export interface LoadedStateFile {
  readonly state: MockState;
  readonly log: { readonly length: number; readonly baseBytes: number; readonly tornBytes: number } | null;
}

/**
 * The state saved in `file`, restored with `options`; null when there is no such file (the mock
 * then starts as usual and writes one). A file that is corrupt (not a torn last append), of
 * another format or version, or unreadable is refused with a {@link StateFileRefused} whose
 * message is one sentence, and left untouched. A torn last append is left out (the writer cuts it off).
 */
export async function loadStateFile(file: string, options: MockStateOptions): Promise<LoadedStateFile | null> {
  // Upload bytes are base64 in the file: Node's codec reads (and writes) them.
  useNativeBase64(nodeBase64);
  let loaded: LoadedStateFile | null;
  try {
    const contents = await readStateFile(file);
    loaded = contents && { state: restoreSnapshot(contents.document, options), log: contents.log };
  } catch (error) {
    if (error instanceof SnapshotError) throw new StateFileRefused(`refusing the --persist file ${file}, left untouched: ${error.message.replace(/\.$/, '')}.`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new StateFileRefused(`cannot read the --persist file ${file} (${code ?? String(error)}); it is left untouched.`);
  }
  // A good file written by an older version (or copied in) may be readable by others: narrow it
  // now, not at the first change. Not fatal: where modes do not apply, the next base is a new
  // file of STATE_FILE_MODE.
  if (loaded) await chmod(file, STATE_FILE_MODE).catch(() => undefined);
  return loaded;
}

/** Work of one slice of a base before the event loop gets a turn. */
const SLICE_MS = 4;
/** ...and at most this much JSON in one line (one base line). */
const SLICE_BYTES = 1 << 20;

/** A base being written to a temporary file while the mock keeps serving. */
interface Rewrite {
  /** The flushes since it started (their lines' bytes), appended to it before it replaces the file. */
  readonly buffered: Buffer[];
  aborted: boolean;
  readonly done: Promise<void>;
}

class Aborted extends Error {}

/**
 * Keeps `file` equal to the runtime's state, at a cost proportional to each change, not to the
 * state (docs/architecture.md, "Persistence"). After every change the runtime reports (a mutation
 * from any door, an upload), it appends the changed rows (debounced: one line per flush) and
 * fsyncs, so after a crash or `kill -9` the file holds every flush but at most a torn last one.
 * Once the appended changes outgrow the base, it writes a fresh base (compaction) into a
 * temporary file, a slice at a time between turns of the event loop, then appends the flushes
 * made meanwhile and renames it over the file. A state swap (reset, restore, fixtures) writes a
 * fresh base the same way: until it is in place the file holds the state before the swap.
 */
export class StateFileWriter {
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly compactAfterBytes: number;
  private timer: NodeJS.Timeout | undefined;
  /** When the oldest unwritten change happened, or undefined when everything is written. */
  private dirtySince: number | undefined;
  /** Appends and the last step of a rewrite, one at a time. */
  private queue: Promise<void> = Promise.resolve();
  private journal: StateJournal;
  /** The file, open for appending, when it holds a base of the state being served. */
  private handle: FileHandle | null = null;
  private baseBytes = 0;
  private logBytes = 0;
  private bases = 0;
  private rewrite: Rewrite | null = null;
  private readonly stops: (() => void)[];

  constructor(
    private readonly runtime: Runtime,
    private readonly options: PersistOptions,
    /** Where the loaded file's log stands; without it (no file yet, a snapshot document), the first write is a base. */
    private readonly loaded: LoadedStateFile['log'] = null,
    /** The file's lock (`StateFileLock.acquire`), released by {@link close}. */
    private readonly lock: StateFileLock | null = null,
  ) {
    // Every flush and base writes upload bytes as base64: Node's native codec, off the slow path.
    useNativeBase64(nodeBase64);
    this.debounceMs = options.debounceMs ?? 250;
    this.maxWaitMs = options.maxWaitMs ?? 1_000;
    this.compactAfterBytes = options.compactAfterBytes ?? 1 << 20;
    this.journal = new StateJournal(runtime.state);
    this.stops = [
      runtime.onChange(() => this.changed()),
      runtime.onStateReplaced((state) => this.replaced(state)),
    ];
  }

  /**
   * Makes the file ready: opens a loaded log for appending (cutting off a torn last append), or
   * writes a base when there is none. Resolves once it is on disk; rejects with a
   * {@link StateFileRefused} when the file cannot be written.
   */
  async writeNow(): Promise<void> {
    if (this.loaded && !this.handle && !this.rewrite) {
      try {
        if (this.loaded.tornBytes > 0) await truncate(this.options.file, this.loaded.length);
        this.handle = await open(this.options.file, 'a', STATE_FILE_MODE);
        this.baseBytes = this.loaded.baseBytes;
        this.logBytes = this.loaded.length - this.loaded.baseBytes;
      } catch (error) {
        throw new StateFileRefused(`cannot write the --persist file ${this.options.file} (${reason(error)}).`);
      }
      if (this.loaded.tornBytes > 0) console.error(`[parley] the --persist file ${this.options.file} ended in a torn write (${this.loaded.tornBytes} bytes): cut off, the rest recovered.`);
      this.compactIfDue();
      return;
    }
    await this.startRewrite(true).done;
  }

  /** Writes what is not written yet, and resolves once it is on disk (a base being written for a new state included). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirtySince = undefined;
    if (!this.handle) {
      // No base of this state in the file yet: the base is what is written (the changes since with it).
      await (this.rewrite ?? this.startRewrite()).done;
      if (!this.handle) return;
    }
    await this.enqueue(() => this.append());
  }

  /**
   * Writes a fresh base now, as a compaction does (the bench times one while changes stream in);
   * resolves once it has replaced the file, or once one already under way has.
   */
  async compact(): Promise<void> {
    await this.startRewrite().done;
  }

  /** Stops listening, writes what is not written yet (a compaction under way is dropped: the file is complete without it), closes the file. */
  async close(): Promise<void> {
    for (const stop of this.stops) stop();
    const rewrite = this.rewrite;
    if (rewrite && this.handle) rewrite.aborted = true;
    await rewrite?.done;
    await this.flush();
    await this.queue;
    this.journal.detach();
    await this.handle?.close();
    this.handle = null;
    this.lock?.release();
  }

  /** The file as it stands: bytes of its base and of what was appended since, and how many bases were written. */
  get size(): { readonly baseBytes: number; readonly logBytes: number; readonly bases: number } {
    return { baseBytes: this.baseBytes, logBytes: this.logBytes, bases: this.bases };
  }

  private changed(): void {
    const now = Date.now();
    this.dirtySince ??= now;
    clearTimeout(this.timer);
    const at = Math.min(now + this.debounceMs, this.dirtySince + this.maxWaitMs);
    this.timer = setTimeout(() => void this.flush(), Math.max(0, at - now));
  }

  /** A new state: its changes are recorded from now on, and the file gets a base of it. */
  private replaced(state: MockState): void {
    this.journal.detach();
    this.journal = new StateJournal(state);
    if (this.rewrite) this.rewrite.aborted = true;
    // The file holds the old state: nothing more is appended to it, the next write is a base.
    const handle = this.handle;
    this.handle = null;
    void this.enqueue(async () => {
      await handle?.close();
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Appends the changes since the last append: one line, fsynced. */
  private async append(): Promise<void> {
    const records = this.journal.take();
    if (records.length === 0) return;
    const text = new RecordLine();
    text.add(records);
    const parts = text.end();
    this.rewrite?.buffered.push(...parts);
    if (!this.handle) {
      // A base is being written for a new state: this reaches the file with it.
      if (!this.rewrite) this.startRewrite();
      return;
    }
    try {
      const bytes = await write(this.handle, parts);
      await this.handle.datasync();
      this.logBytes += bytes;
    } catch (error) {
      // The mock keeps serving; a compaction writes the whole state again.
      console.error(`[parley] could not write the --persist file ${this.options.file}: ${reason(error)}`);
    }
    this.compactIfDue();
  }

  private compactIfDue(): void {
    if (!this.rewrite && this.handle && this.logBytes > Math.max(this.compactAfterBytes, this.baseBytes)) this.startRewrite();
  }

  /** Starts writing a base of the state being served (or of the next, if it is swapped meanwhile). */
  private startRewrite(strict = false): Rewrite {
    if (this.rewrite && !this.rewrite.aborted) return this.rewrite;
    const buffered: Buffer[] = [];
    const rewrite: Rewrite = { buffered, aborted: false, done: Promise.resolve() };
    this.rewrite = rewrite;
    (rewrite as { done: Promise<void> }).done = this.writeBase(rewrite, strict).finally(() => {
      if (this.rewrite === rewrite) this.rewrite = null;
    });
    return rewrite;
  }

  private async writeBase(rewrite: Rewrite, strict: boolean): Promise<void> {
    const { file } = this.options;
    const state = this.runtime.state;
    // Beside the file (the rename stays on one file system), under a name nobody can guess, created
    // here or not at all: a symlink or file planted at any name is never followed nor overwritten.
    const temporary = `${file}.${randomBytes(12).toString('hex')}.base`;
    let handle: FileHandle | undefined;
    try {
      handle = await open(temporary, TEMPORARY_FLAGS, STATE_FILE_MODE);
      await handle.chmod(STATE_FILE_MODE);
      let bytes = await write(handle, line(JSON.stringify(HEADER)));
      const records = stateRecords(state);
      for (let done = false; !done; ) {
        // The slice's line is made within its time, 64 records at a time, JSON, bytes and checksum:
        // encoding rows costs far more than reading them, so it is what the time must bound.
        const slice = new RecordLine();
        const until = performance.now() + SLICE_MS;
        while (!done && performance.now() < until && slice.bytes < SLICE_BYTES) {
          const chunk: ChangeRecord[] = [];
          for (let n = 0; n < 64; n += 1) {
            const next = records.next();
            if (next.done) {
              done = true;
              break;
            }
            chunk.push(next.value);
          }
          slice.add(chunk);
        }
        if (slice.size > 0) bytes += await write(handle, slice.end());
        if (rewrite.aborted || this.runtime.state !== state) throw new Aborted();
        await nextTurn();
      }
      bytes += await write(handle, line(JSON.stringify(BASE_END)));
      // On disk before the last step, while appends still go to the file: a large base takes a
      // while to sync, and appends waiting behind it would be changes a crash could lose.
      await handle.sync();
      const baseBytes = bytes;
      const written = handle;
      // The last step waits for appends under way, and none starts until the file is replaced.
      await this.enqueue(async () => {
        if (rewrite.aborted || this.runtime.state !== state) throw new Aborted();
        const logBytes = await write(written, rewrite.buffered);
        await written.datasync();
        await rename(temporary, file);
        await syncDirectory(dirname(file));
        // Swapped while this step ran: the file holds the old state, whole; the new one's base follows.
        if (rewrite.aborted || this.runtime.state !== state) throw new Aborted();
        await this.handle?.close();
        this.handle = written;
        this.baseBytes = baseBytes;
        this.logBytes = logBytes;
        this.bases += 1;
      });
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
      if (error instanceof Aborted) {
        // Swapped meanwhile: the new state gets a base of its own.
        if (!this.handle && this.rewrite === rewrite) queueMicrotask(() => this.startRewrite());
        return;
      }
      if (strict) throw new StateFileRefused(`cannot write the --persist file ${file} (${reason(error)}).`);
      console.error(`[parley] could not write the --persist file ${file}: ${reason(error)}`);
    }
  }
}

/** A new file only (`O_EXCL`), never through a symlink (`O_NOFOLLOW`, where the platform has it). */
const TEMPORARY_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Writes `text` (or the pieces of a line, in one call: libuv writes them all, however many) and returns its bytes. */
async function write(handle: FileHandle, text: string | readonly Buffer[]): Promise<number> {
  if (typeof text === 'string') {
    const bytes = Buffer.from(text);
    await handle.write(bytes);
    return bytes.length;
  }
  if (text.length === 0) return 0;
  const { bytesWritten } = await handle.writev(text as Buffer[]);
  return bytesWritten;
}

/** Makes a rename durable (where directories can be opened: not on Windows). */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
