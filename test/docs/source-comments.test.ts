import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentsOf } from '../support/source-comments.js';

/**
 * What a comment may say (and, for process references, what a page of the docs may say). A
 * comment explains the code; it points into docs/ for anything a user or a maintainer must look
 * up, and never at a file a clone lacks or at how the project is run:
 *
 * - Every source, test, benchmark, script and example file: no design document or ../shared that
 *   a clone does not have.
 * - `src/`, docs/ and the README: no process reference (`issue 29`, "until issue 37"): the reader
 *   has the code and the docs, not the tracker.
 * - `src/`: no measured figure. A measurement goes stale as the code and the machine change, so it
 *   lives in docs/ (docs/benchmarks.md, docs/mock-behaviour.md), where it is dated by its run,
 *   and the comment names that section. The rule, made to be pragmatic:
 *   - a figure is a number with a unit of time (ns, µs, us, ms, s, seconds, minutes), of size
 *     (B, bytes, kB, KB, MB, GB, KiB, MiB, GiB), a percentage, a rate (req/s) or a factor (2.5x);
 *   - it is a measurement when a word of measuring comes just before it ("about 40 ms", "costs
 *     50 ms", "took", "measured 2.5x", "was 40%"), when it is a speed ratio ("2.5x slower",
 *     "3 times faster"), a rate in req/s, or heap a count holds ("280 MB of heap");
 *   - everything else is a definition and allowed: limits and defaults ("@default 8 MiB", "cut at
 *     64 KiB", "at most 2 s", "up to 100 ms"), sizes a format fixes ("32 bytes", "123 bytes of
 *     UTF-8"), examples in inline code (`1.9 s`). A limit is never worded "about".
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const skipped = new Set(['node_modules', 'dist', 'coverage', 'reports', 'scratch', 'public', '.git', '.bench', 'generated']);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

const text = (file: string) => readFileSync(join(root, file), 'utf8');

/**
 * Whether `source` names a `shared` folder up the tree (`..` then `shared`) that is not a folder of
 * the repository (the workspace's, which a clone lacks). The repository has no such folder; small shared helpers live in `src/mock-server/kernel/`.
 */
function sharedOutside(file: string, source: string): boolean {
  return [...source.matchAll(/((?:\.\.\/)+)shared\//g)].some((match) => {
    const folder = resolve(root, dirname(file), match[1]!, 'shared');
    return relative(root, folder).startsWith('..') || !existsSync(folder);
  });
}

/** A comment as prose: its markers and inline code gone, its lines joined. */
const prose = (comment: string) =>
  comment
    .replace(/^\/\/+|^\/\*+|\*+\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|\*(?!\/))?/, '').trim())
    .join(' ')
    .replace(/`[^`]*`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const number = String.raw`\d[\d,]*(?:\.\d+)?`;
const unit = String.raw`(?:ns|µs|us|ms|s|secs?|seconds?|milliseconds?|minutes?|B|bytes?|[kKMG]B|[KMG]iB|%|req\/s|x)`;
const figure = String.raw`(?<![\w.-])${number}\s*${unit}(?![\w])`;
const cue = String.raw`(?:about|around|roughly|some|nearly|almost|approximately|~|measured|measures|costs?|costing|took|takes|spent|spends|was|were)`;
const measurements = [
  new RegExp(String.raw`\b${cue}\s+(?:only\s+|just\s+|over\s+|under\s+)?${figure}`, 'i'),
  new RegExp(String.raw`(?<![\w.-])${number}\s*(?:x|times)\s+(?:faster|slower|quicker|smaller|larger|heavier|lighter)\b`, 'i'),
  new RegExp(String.raw`(?<![\w.-])${number}\s*req\/s\b`, 'i'),
  new RegExp(String.raw`${figure}\s+of\s+(?:the\s+)?(?:heap|CPU|start-up|startup)\b`, 'i'),
];

/** The measured figure `comment` states, or undefined when it states none. */
function measuredFigure(comment: string): string | undefined {
  const body = prose(comment);
  for (const pattern of measurements) {
    const found = pattern.exec(body);
    if (found) return found[0];
  }
  return undefined;
}

const processReference = /\bissues?\s+#?\d+/i;

describe('Source comments', () => {
  const sources = ['src', 'test', 'bench', 'scripts', 'examples'].flatMap(sourceFiles);
  const own = sources.filter((file) => file.startsWith('src/'));
  const design = ['DESIGN', 'md'].join('.');

  it('reads the source tree (this test reads what it checks)', () => {
    expect(sources).toContain('src/mock-server/engine/engine.ts');
    expect(sources.length).toBeGreaterThan(300);
    expect(own.length).toBeGreaterThan(200);
  });

  it('no source file cites a design document or ../shared that a clone does not have', () => {
    const citing = sources.filter((file) => {
      const source = text(file).replace(/\(SPEC\.md and [A-Z]+\.md are[^)]*\)/, '');
      return source.includes(design) || sharedOutside(file, source);
    });
    expect(citing).toEqual([]);
  });

  it('tells the workspace\'s shared folder from a shared folder of the repository', () => {
    const up = ['..', '..', 'shared', ''].join('/');
    expect(sharedOutside('src/index.ts', `see ${up}SPEC.md`)).toBe(true);
    expect(sharedOutside('src/mock-server/random/x.ts', `import '${up.slice(3)}seeded-random.js'`)).toBe(existsSync(join(root, 'src/mock-server/shared')) ? false : true);
  });

  it('finds the comments of a file, and only them', () => {
    const source = [
      "const url = 'http://x/y'; // one",
      'const pattern = /\\/\\/ not a comment/g; /* two */',
      'const text = `a ${`b // no`} c`; const half = 1 / 2; // three',
      '/**',
      ' * four',
      ' */',
    ].join('\n');
    expect(commentsOf(source).map((comment) => [comment.line, prose(comment.text)])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
      [4, 'four'],
    ]);
  });

  it.each([
    ['// `locale/en` loads one locale (about 25 ms) where the package root loads all of them.', 'about 25 ms'],
    ['/** Importing it costs about 55 ms (it brings fast-json-stringify). */', 'about 55 ms'],
    ['// measured 2.5x slower than JSON.stringify on a message page.', 'measured 2.5x'],
    ['// of every node of it (nothing reads them) was 40% of building the schema', 'was 40%'],
    ['/**\n * Twister takes about\n * 40 µs per seed.\n */', 'about 40 µs'],
    ['/** The id costs 0.7 us a message. */', 'costs 0.7 us'],
    ['// a million messages in 280 MB of heap', '280 MB of heap'],
    ['// graphql-http reached 2,900 req/s', '2,900 req/s'],
    ['// this path is 3 times faster', '3 times faster'],
  ])('takes %j for a measured figure', (comment, figure) => {
    expect(measuredFigure(comment)).toBe(figure);
  });

  it.each([
    '/** Largest request body in bytes (HTTP 413). @default 1048576 (1 MiB) */',
    '/** A body as the JSON report keeps it (cut at 64 KiB). */',
    '/** Waits a random time up to 100 ms, doubling (at most 2 s), for up to 60 s in all. */',
    '/** The summary line: `62 checks: 60 passed in 1.9 s`. */',
    '/** A WebSocket close reason may hold 123 bytes of UTF-8. */',
    '/** The scrypt hash (N = 16384, r = 8, p = 1, 32 bytes) under a fixed salt. */',
    '/** How fast large answers may be produced, all together: 64 MiB a second. */',
    '/** Percent with one decimal; a workspace without members is 100% compliant. */',
    '/** From the request\'s arrival to its answer, rounded to 0.1 ms. */',
    '/** How long a code can be exchanged after approval: 5 minutes (RFC 6749 4.1.2 says at most 10). */',
    '/** The costs of a flush (docs/benchmarks.md, "Persistence"). */',
  ])('takes %j for a definition, not a measurement', (comment) => {
    expect(measuredFigure(comment)).toBeUndefined();
  });

  it('no comment in src/ states a measured figure (they go in docs/, and the comment names the section)', () => {
    const found = own.flatMap((file) =>
      commentsOf(text(file)).flatMap((comment) => {
        const figure = measuredFigure(comment.text);
        return figure ? [`${file}:${comment.line}: ${figure}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it.each(['// until issue 29', '/** Issue 27: the layout. */', '// see issues 12 and 13'])('takes %j for a process reference', (comment) => {
    expect(processReference.test(prose(comment))).toBe(true);
  });

  it('no page of docs/ and not the README refers to the project\'s issues', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
    expect(pages.length).toBeGreaterThan(6);
    const found = pages.flatMap((page) =>
      text(page)
        .split('\n')
        .flatMap((line, index) => (processReference.test(line) ? [`${page}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('no file in src/ refers to the project\'s issues', () => {
    const found = own.flatMap((file) =>
      text(file)
        .split('\n')
        .flatMap((line, index) => (processReference.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
