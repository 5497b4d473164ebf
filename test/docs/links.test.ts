import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: "Nothing links outside the repository." Every Markdown file of the repository (the
 * README, docs/, the examples' READMEs): each link is to a public web address (http, https,
 * mailto) or to a file of the repository, and its anchor, if any, is a heading of that file. A
 * clone has no ../shared, so no document names a Markdown file the repository does not have
 * (SPEC.md and DESIGN.md are "the API's interface specification" and its sections).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const skipped = new Set(['node_modules', 'dist', 'coverage', 'reports', 'scratch', 'public', '.git', '.bench']);

function markdownFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const files = markdownFiles('.');
const text = (file: string) => readFileSync(join(root, file), 'utf8');

/** The text without fenced code blocks and inline code, where brackets are not links. */
const prose = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1$/gm, '').replace(/`[^`\n]*`/g, '');

/** Every link target: inline links and images, reference definitions, HTML href and src. */
function linkTargets(markdown: string): string[] {
  const body = prose(markdown);
  const inline = [...body.matchAll(/\]\(\s*<?([^()\s>]+(?:\([^()\s]*\)[^()\s>]*)*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  const html = [...body.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)].map((match) => match[1]!);
  return [...inline, ...references, ...html];
}

/** GitHub's anchors for a file's headings (lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats). */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1$/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) found.add(id!);
  return found;
}

/** What is wrong with `target`, linked from `file`; undefined when nothing is. */
function problem(file: string, target: string): string | undefined {
  if (/^(https?|mailto):/i.test(target)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'not a public web address';
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = decodeURIComponent(pathPart);
  const absolute = path === '' ? join(root, file) : path.startsWith('/') ? join(root, path) : resolve(root, dirname(file), path);
  const inside = relative(root, absolute);
  if (inside.startsWith('..') || inside.startsWith(sep) || resolve(absolute) === resolve(root, '..')) return 'outside the repository';
  if (!existsSync(absolute)) return 'no such file in the repository';
  if (anchor !== undefined && statSync(absolute).isFile() && absolute.endsWith('.md') && !anchors(readFileSync(absolute, 'utf8')).has(anchor)) {
    return `no heading #${anchor} in ${inside || file}`;
  }
  return undefined;
}

describe('Markdown links', () => {
  it('finds the README and every page of docs/', () => {
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThanOrEqual(6);
  });

  it('finds the links of a page (this test reads what it checks)', () => {
    expect(linkTargets(text('README.md'))).toEqual(expect.arrayContaining(['schema.graphql', 'docs/architecture.md', 'https://mswjs.io']));
  });

  it.each(files)('%s: every link is a public web address or a file of the repository, and its anchor a heading there', (file) => {
    const problems = linkTargets(text(file)).flatMap((target) => {
      const found = problem(file, target);
      return found ? [`${target}: ${found}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it.each(files)('%s: names no ../shared and no Markdown file the repository does not have', (file) => {
    const markdown = text(file);
    expect(markdown).not.toMatch(/\.\.\/shared\b/);
    const named = [...markdown.matchAll(/(?<![\w/.-])((?:\.{1,2}\/)?[\w./-]*?[\w-]+\.md)\b/g)].map((match) => match[1]!);
    const missing = named.filter((name) => ![resolve(root, dirname(file), name), resolve(root, name)].some((path) => path.startsWith(root) && existsSync(path)));
    expect(missing).toEqual([]);
  });
});
