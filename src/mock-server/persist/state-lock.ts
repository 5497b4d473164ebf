import { closeSync, constants, openSync, readdirSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { StateFileRefused } from './state-file-refused.js';

/**
 * One writer per `--persist` file: `FILE.lock`, created with `O_EXCL` (it exists or it is ours;
 * a planted symlink there counts as existing), holds the pid of the process that writes FILE.
 * Two mocks on one file would hand out the same sequences and overwrite each other's appends.
 * A lock whose process is gone (`kill -9`, a crash) is stale and taken over.
 */
export class StateFileLock {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(readonly path: string) {
    // Released by any ordinary exit too (process.exit after a refusal, an uncaught error).
    process.once('exit', this.onExit);
  }

  /**
   * Takes the lock of `file`, or throws a {@link StateFileRefused} naming the file and the pid
   * that holds it (the CLI prints it and exits 2).
   */
  static acquire(file: string): StateFileLock {
    const path = `${file}.lock`;
    // A stale lock is removed once, then created again (if someone else is faster, theirs holds).
    for (let staleRemoved = false; ; ) {
      let fd: number;
      try {
        fd = openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0), 0o600);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') throw new StateFileRefused(`cannot lock the --persist file ${file}: ${path} cannot be created (${code ?? String(error)}).`);
        const holder = holderOf(path);
        // Released meanwhile: try again.
        if (holder === 'gone') continue;
        if (holder === 'unknown') {
          throw new StateFileRefused(`the --persist file ${file} is locked by ${path}, which holds no process id: if no mock uses ${file}, delete ${path} and start again.`);
        }
        if (staleRemoved || alive(holder)) {
          throw new StateFileRefused(`the --persist file ${file} is in use by another mock (pid ${holder}, lock ${path}): stop it, or give this one another file.`);
        }
        // Stale: removed only if it is still the same dead process's lock.
        if (holderOf(path) === holder) {
          try {
            unlinkSync(path);
          } catch {
            // Removed by someone else meanwhile: the next attempt sees.
          }
        }
        staleRemoved = true;
        continue;
      }
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      if (staleRemoved) removeLeftoverBases(file);
      return new StateFileLock(path);
    }
  }

  /** Removes the lock (once; only while it still names this process). */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.removeListener('exit', this.onExit);
    try {
      if (holderOf(this.path) === process.pid) unlinkSync(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/**
 * Deletes the temporary files of bases a dead writer left beside `file` (killed while writing
 * one): no other writer can be writing one now, the lock is ours. `unlink` removes a link itself,
 * never its target.
 */
function removeLeftoverBases(file: string): void {
  const name = basename(file);
  const directory = dirname(file);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const other of names) {
    // `FILE.<24 hex digits>.base`, or `FILE.<pid>.base` as earlier versions named it.
    if (!other.startsWith(`${name}.`) || !/^\.(?:[0-9a-f]{24}|[0-9]+)\.base$/.test(other.slice(name.length))) continue;
    try {
      unlinkSync(join(directory, other));
    } catch {
      // Gone already, or not ours to remove: it does no harm beside the file.
    }
  }
}

/** The pid a lock file names; 'unknown' when it names none (a symlink, garbage, empty); 'gone' when there is none. */
function holderOf(path: string): number | 'unknown' | 'gone' {
  let fd: number;
  try {
    // Never follows a link: a symlink planted at FILE.lock is not read through.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unknown';
  }
  try {
    const buffer = Buffer.alloc(32);
    const text = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
    return /^[1-9][0-9]{0,9}\n$/.test(text) ? Number(text.trim()) : 'unknown';
  } finally {
    closeSync(fd);
  }
}

/** Whether process `pid` is running (EPERM: it is, as another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
