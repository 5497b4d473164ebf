import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: "The layout description matches the tree; a test checks that every folder it names
 * exists." The layout is the code block after "Layout:" in docs/architecture.md: one entry per
 * line starting at the left (a path), its description indented on the lines after.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

interface Entry {
  path: string;
  description: string;
}

function layoutEntries(markdown: string): Entry[] {
  const block = /^Layout:\n\n```\n([\s\S]*?)^```$/m.exec(markdown);
  if (!block) throw new Error('docs/architecture.md has no "Layout:" code block');
  const entries: Entry[] = [];
  for (const line of block[1]!.split('\n').filter((text) => text.trim() !== '')) {
    if (/^\S/.test(line)) {
      const [path, ...rest] = line.split(/\s{2,}/);
      entries.push({ path: path!, description: rest.join(' ') });
    } else entries.at(-1)!.description += ` ${line.trim()}`;
  }
  return entries;
}

const entries = layoutEntries(architecture);
const isDirectory = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isDirectory();

/**
 * The paths a description names: folders (`name/`) and files (`name.ts`, `name.json`, ...), as
 * written; a leading `/` is a URL path, `dist/` is built output, `a/b` without a slash at the end or
 * an extension is a package name (`parley/msw`).
 */
function namedPaths(description: string): string[] {
  return description
    .split(/\s+/)
    .map((word) => word.replace(/^[(`'"]+|[),;:`'"]+$/g, ''))
    .filter((word) => /^[\w.*-][\w./*-]*(\/|\.(ts|tsx|json|md|graphql))$/.test(word) && !word.startsWith('dist/'));
}

/** Does `name`, from `entry`'s description, exist: beside the entry, in a folder it names, or from the root? */
function exists(entry: Entry, name: string, folders: string[]): boolean {
  const base = isDirectory(entry.path) ? entry.path : dirname(entry.path);
  const candidates = [join(base, name), ...folders.map((folder) => join(base, folder, name)), name];
  if (!name.includes('*')) return candidates.some((candidate) => existsSync(join(root, candidate)));
  const pattern = new RegExp(`^${name.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
  return readdirSync(join(root, base)).some((file) => pattern.test(file));
}

/** The folders of the tree the layout must cover: at the top, in src/, src/mock-server/ and test/. */
function foldersIn(folder: string): string[] {
  const ignored = new Set(['node_modules', 'dist', 'coverage', 'reports', 'scratch', '.git', '.bench']);
  return readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !ignored.has(entry.name) && (entry.name === '.ci' || !entry.name.startsWith('.')))
    .map((entry) => `${folder === '.' ? '' : `${folder}/`}${entry.name}/`);
}

describe('the layout in docs/architecture.md', () => {
  it('has entries', () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it('names only paths that exist, at the left of each line', () => {
    expect(entries.map((entry) => entry.path).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names only folders and files that exist in its descriptions', () => {
    const missing: string[] = [];
    for (const entry of entries) {
      const named = namedPaths(entry.description);
      const folders = named.filter((name) => name.endsWith('/'));
      for (const name of named) if (!exists(entry, name, folders)) missing.push(`${entry.path}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('names every folder at the top, and in src/, src/mock-server/ and test/', () => {
    const paths = entries.map((entry) => entry.path);
    const folders = ['.', 'src', 'src/mock-server', 'test'].flatMap(foldersIn);
    expect(folders.filter((folder) => !paths.some((path) => path === folder || path.startsWith(folder) || `${path}/` === folder))).toEqual([]);
  });
});
