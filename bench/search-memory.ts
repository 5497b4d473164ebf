import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { SearchMemoryReport } from './search-memory-child.js';
import { table } from './table.js';

/**
 * The search index's memory per indexed character, against the texts' own strings measured in
 * the same child process: 100,000 chat-like messages, and 100 messages of 40,000 characters of
 * random words (nearly every prefix new: the worst case a client can send), whose first message is
 * then edited a dozen times. Each in a process of its own (`search-memory-child.ts`), after gc.
 * `node --expose-gc --import tsx bench/search-memory.ts` prints this row alone.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function measureChild(kind: 'chat' | 'random'): Promise<SearchMemoryReport> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/search-memory-child.ts', kind], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024,
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const report = JSON.parse(line) as SearchMemoryReport;
  if (report.kind !== kind || typeof report.indexBytesPerChar !== 'number') throw new Error(`not a search memory report: ${line}`);
  return report;
}

export async function measureSearchMemory(): Promise<readonly SearchMemoryReport[]> {
  return [await measureChild('chat'), await measureChild('random')];
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const bytes = (n: number) => `${n.toFixed(1)} B`;

/** The table `npm run bench` prints. */
export function searchMemoryReport(reports: readonly SearchMemoryReport[]): string[] {
  const random = reports.find((report) => report.kind === 'random');
  return [
    'search index memory: heap of a conversation\'s index (built by the first search) per character it indexes; anchor: the same texts as strings (child processes, after gc)',
    table([
      ['texts', 'messages', 'characters', 'prefixes / entries', 'index per char', 'anchor: text per char', 'ratio', 'build'],
      ...reports.map((report) => [
        report.kind === 'chat' ? 'chat-like' : '40,000 chars of random words',
        count(report.messages),
        count(report.characters),
        `${count(report.prefixes)} / ${count(report.postings)}`,
        bytes(report.indexBytesPerChar),
        bytes(report.textBytesPerChar),
        `${(report.indexBytesPerChar / report.textBytesPerChar).toFixed(1)}x`,
        `${count(report.buildMs)} ms`,
      ]),
    ]),
    ...(random && random.editGrowthBytes !== null && random.editMedianMs !== null
      ? [`  a dozen edits of one 40,000-character message, then its first text back: heap ${random.editGrowthBytes >= 0 ? '+' : ''}${(random.editGrowthBytes / 1e6).toFixed(2)} MB; an edit ${random.editMedianMs.toFixed(1)} ms (median)`]
      : []),
  ];
}

/** The worst case's bytes per character: the summary row of `npm run bench`. */
export function worstIndexBytesPerChar(reports: readonly SearchMemoryReport[]): SearchMemoryReport {
  return reports.reduce((worst, report) => (report.indexBytesPerChar > worst.indexBytesPerChar ? report : worst));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(searchMemoryReport(await measureSearchMemory()).join('\n'));
}
