import type { MockStore } from '../mock.js';
import type { Runtime } from '../runtime/runtime.js';
import type { MockStateOptions } from '../state/mock-state.js';
import { loadStateFile, StateFileWriter, type LoadedStateFile, type PersistOptions } from './state-file.js';
import { StateFileLock } from './state-lock.js';

/**
 * The `--persist` file as a mock's store: locked first, so a second mock on the same file is
 * refused before it reads anything; loaded when it exists; then kept up to date by a
 * {@link StateFileWriter}, which writes a base at once when the file did not exist.
 */
export function fileStore(persist: PersistOptions): MockStore {
  let lock: StateFileLock | null = null;
  let loaded: LoadedStateFile | null = null;
  let writer: StateFileWriter | null = null;
  return {
    async load(options: MockStateOptions) {
      lock = StateFileLock.acquire(persist.file);
      loaded = await loadStateFile(persist.file, options);
      return loaded?.state;
    },
    async attach(runtime: Runtime) {
      writer = new StateFileWriter(runtime, persist, loaded?.log ?? null, lock);
      // Opens the file's log for appending, or writes a base when there is none yet.
      await writer.writeNow();
    },
    async close() {
      // The writer releases the lock once it has written; before it exists, the lock goes here.
      if (writer) await writer.close();
      else lock?.release();
      writer = null;
      lock = null;
    },
  };
}
