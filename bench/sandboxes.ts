import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SandboxesReport } from './sandboxes-child.js';

/**
 * Sandboxes: the time to create one from the demo data and the heap each holds, measured in a
 * child process (`sandboxes-child.ts`) so nothing else of the run is counted.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Creating a sandbox from the demo data, in-process: under this many milliseconds. */
export const SANDBOX_CREATE_TARGET_MS = 5;

const FIELDS = ['createMs', 'postMs', 'readyMs', 'resetMs', 'heapPerSandbox', 'heapPerState', 'held'] as const;

export async function measureSandboxes(): Promise<SandboxesReport> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/sandboxes-child.ts'], { cwd: ROOT, maxBuffer: 1024 * 1024 });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const value: unknown = JSON.parse(line);
  if (typeof value !== 'object' || value === null) throw new Error(`not a sandboxes report: ${line}`);
  const fields: Record<string, unknown> = { ...value };
  if (!FIELDS.every((field) => typeof fields[field] === 'number')) throw new Error(`not a sandboxes report: ${line}`);
  return value as SandboxesReport;
}
