import { readFileSync } from 'node:fs';
import { normalize } from 'node:path';

/**
 * A page of docs/recipes/ read as the project a user builds from it (issue 28): every file the user
 * creates is a fenced code block whose info string is the language and the file's path
 * (```` ```ts src/apollo/cache.ts ````), and the commands to set the project up are the lines of its
 * ```` ```sh ```` blocks. The tests build each recipe's project from these blocks exactly as
 * written, so a page cannot show what does not run.
 *
 * Three HTML comments, invisible on the rendered page, say what a reader sees in the headings:
 * - `<!-- variant: NAME -->` right above a block: the block belongs to that variant of the setup
 *   only (Jest 29 or Jest 30; Vitest in node, jsdom or happy-dom). Blocks without one belong to
 *   every variant.
 * - `<!-- uses: PAGE.md -->`: this page builds on PAGE: its files and setup commands (those of
 *   every variant but PAGE's own variant blocks) come first.
 * - `<!-- uses: PAGE.md PATH ... -->`: only those files of PAGE (a module the user reuses, such as
 *   the Apollo cache), no commands.
 */

export const RECIPES_DIR = new URL('../../../../docs/recipes/', import.meta.url);

export interface CodeBlock {
  /** The info string's first word: `ts`, `sh`, `json`... */
  readonly lang: string;
  /** The file the block is, relative to the project; undefined for `sh` blocks. */
  readonly path: string | undefined;
  readonly code: string;
  /** The `<!-- variant: NAME -->` right above it, if any. */
  readonly variant: string | undefined;
  /** 1-based line of the opening fence, for messages. */
  readonly line: number;
}

export interface RecipePage {
  readonly name: string;
  readonly blocks: readonly CodeBlock[];
  /** The pages (and files of them) this one builds on, in order. */
  readonly uses: readonly { readonly page: string; readonly paths: readonly string[] }[];
  /** Every variant the page names. */
  readonly variants: readonly string[];
}

/** What a user has after following a page (and what it builds on) for one variant. */
export interface RecipeProject {
  /** path → content, in the order the files were met (a later page's file replaces an earlier page's). */
  readonly files: ReadonlyMap<string, string>;
  /** The setup commands (`npm install ...`, `npx msw init ...`), in order, each once. */
  readonly setup: readonly string[];
  /** The other `sh` lines: how the user runs what they built (`npx vitest run`, `npx jest`). */
  readonly run: readonly string[];
}

/** Lines of an `sh` block that set the project up; the tests run them. Every other line is a command the user runs. */
const SETUP = /^(npm (install|i|pkg set)|npx msw init) /;

const FENCE = /^```(\S*)(?:[ \t]+(\S+))?[ \t]*$/;
const VARIANT = /^<!--\s*variant:\s*([\w.-]+)\s*-->$/;
const USES = /^<!--\s*uses:\s*([\w.-]+\.md)((?:\s+[^\s>]+)*)\s*-->$/;

export class RecipeError extends Error {
  override readonly name = 'RecipeError';
}

/** Parses a recipe page's text. Throws a {@link RecipeError} naming the line for what the harness cannot build. */
export function parseRecipe(name: string, text: string): RecipePage {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  const uses: { page: string; paths: string[] }[] = [];
  let pendingVariant: { name: string; line: number } | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trimEnd();
    const uses_ = USES.exec(line);
    if (uses_) {
      uses.push({ page: uses_[1]!, paths: uses_[2]!.trim().split(/\s+/).filter(Boolean) });
      continue;
    }
    const variant = VARIANT.exec(line);
    if (variant) {
      pendingVariant = { name: variant[1]!, line: index + 1 };
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (pendingVariant && line.trim() !== '') throw new RecipeError(`${name}:${pendingVariant.line}: "variant" must be right above a code block`);
      continue;
    }
    if (!fence[1]) throw new RecipeError(`${name}:${index + 1}: a code block without a language: say what it is (\`\`\`ts path, \`\`\`sh)`);
    const lang = fence[1]!;
    const path = fence[2];
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && lines[index]!.trimEnd() !== '```'; index += 1) body.push(lines[index]!);
    if (index >= lines.length) throw new RecipeError(`${name}:${start + 1}: the code block is not closed`);
    if (lang === 'sh') {
      if (path !== undefined) throw new RecipeError(`${name}:${start + 1}: an sh block holds commands, not a file: drop "${path}"`);
    } else if (path === undefined) {
      throw new RecipeError(`${name}:${start + 1}: every file a user creates names its path: \`\`\`${lang} path/to/file`);
    } else {
      checkPath(name, start + 1, path);
    }
    blocks.push({ lang, path, code: body.join('\n') + '\n', variant: pendingVariant?.name, line: start + 1 });
    pendingVariant = undefined;
  }
  const seen = new Map<string, number>();
  for (const block of blocks) {
    if (block.path === undefined) continue;
    const key = `${block.variant ?? ''}\u0000${block.path}`;
    const first = seen.get(key);
    if (first !== undefined) throw new RecipeError(`${name}:${block.line}: ${block.path} is shown twice (first at line ${first}); show a file once, whole`);
    seen.set(key, block.line);
  }
  const variants = [...new Set(blocks.flatMap((block) => (block.variant ? [block.variant] : [])))];
  return { name, blocks, uses, variants };
}

function checkPath(page: string, line: number, path: string): void {
  if (path.startsWith('/') || normalize(path).startsWith('..') || normalize(path) !== path.replace(/^\.\//, '')) {
    throw new RecipeError(`${page}:${line}: "${path}" must be a plain path inside the project`);
  }
}

/** Reads docs/recipes/NAME. */
export function readRecipe(name: string): RecipePage {
  return parseRecipe(name, readFileSync(new URL(name, RECIPES_DIR), 'utf8'));
}

/**
 * The project a user has after following `page` for `variant` (undefined: a page without
 * variants), the pages it uses first. Throws when the page has variants and none is given, or the
 * variant is not one of them, or a used file is not on the page it names.
 */
export function recipeProject(page: RecipePage, variant?: string, read: (name: string) => RecipePage = readRecipe): RecipeProject {
  if (page.variants.length > 0 && (variant === undefined || !page.variants.includes(variant))) {
    throw new RecipeError(`${page.name}: choose one of its variants (${page.variants.join(', ')}), not ${variant ?? 'none'}`);
  }
  if (page.variants.length === 0 && variant !== undefined) throw new RecipeError(`${page.name} has no variants`);
  const files = new Map<string, string>();
  const setup: string[] = [];
  const run: string[] = [];
  const add = (blocks: readonly CodeBlock[], withCommands: boolean): void => {
    for (const block of blocks) {
      if (block.path !== undefined) {
        files.delete(block.path); // a later page's file replaces the earlier one, in its own place
        files.set(block.path, block.code);
        continue;
      }
      if (!withCommands) continue;
      for (const command of commandLines(block.code)) {
        const list = SETUP.test(command) ? setup : run;
        if (!list.includes(command)) list.push(command);
      }
    }
  };
  for (const use of page.uses) {
    const used = read(use.page);
    const common = used.blocks.filter((block) => block.variant === undefined);
    if (use.paths.length === 0) {
      const project = recipeProject({ ...used, blocks: common, variants: [] }, undefined, read);
      for (const [path, code] of project.files) files.set(path, code);
      for (const command of project.setup) if (!setup.includes(command)) setup.push(command);
      continue;
    }
    for (const path of use.paths) {
      const block = common.find((candidate) => candidate.path === path);
      if (!block) throw new RecipeError(`${page.name}: uses ${path} of ${use.page}, which shows no such file (for every variant)`);
      add([block], false);
    }
  }
  add(
    page.blocks.filter((block) => block.variant === undefined || block.variant === variant),
    true,
  );
  return { files, setup, run };
}

/** An `sh` block's commands: one a line, comments and blank lines left out, `\` continuations joined. */
export function commandLines(code: string): string[] {
  return code
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
