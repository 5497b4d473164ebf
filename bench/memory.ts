import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { MemoryReport, MemorySnapshot } from './memory-child.js';

/**
 * Memory: resident set and V8 heap of a process holding `messages` messages, minus the same
 * process with an empty conversation, per message. Measured in a child process so nothing else
 * (the paging benchmark's two states, tsx's caches) is counted.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface MemoryResult extends MemoryReport {
  readonly rssPerMessage: number;
  readonly heapPerMessage: number;
}

function isSnapshot(value: unknown): value is MemorySnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return ['rss', 'heapUsed', 'heapTotal', 'external'].every((key) => typeof fields[key] === 'number');
}

function parseReport(stdout: string): MemoryReport {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const value: unknown = JSON.parse(line);
  if (typeof value !== 'object' || value === null) throw new Error(`not a memory report: ${line}`);
  const { messages, loadMs, before, after }: Record<string, unknown> = { ...value };
  if (typeof messages !== 'number' || typeof loadMs !== 'number' || !isSnapshot(before) || !isSnapshot(after)) {
    throw new Error(`not a memory report: ${line}`);
  }
  return { messages, loadMs, before, after };
}

async function measureChild(messages: number, mode: 'parley' | 'strings'): Promise<MemoryResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/memory-child.ts', String(messages), mode],
    { cwd: ROOT, maxBuffer: 1024 * 1024 },
  );
  const report = parseReport(stdout);
  return {
    ...report,
    rssPerMessage: (report.after.rss - report.before.rss) / report.messages,
    heapPerMessage: (report.after.heapUsed - report.before.heapUsed) / report.messages,
  };
}

/** Parley holding `messages` messages, and the anchor: the same messages' own two strings alone, in an array. */
export async function measureMemory(messages = 1_000_000): Promise<MemoryResult & { readonly anchor: MemoryResult }> {
  const parley = await measureChild(messages, 'parley');
  return { ...parley, anchor: await measureChild(messages, 'strings') };
}
