import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asRun } from '../consumers/recipes/support/recipe-build.js';
import { parseRecipe, readRecipe, RecipeError, recipeProject, RECIPES_DIR, type RecipePage } from '../consumers/recipes/support/recipe-page.js';

/**
 * Issue 28: the recipes of docs/recipes/ are built from their code blocks by the tests in
 * test/consumers/recipes/ (on Node 20). This file checks, on every Node and in milliseconds, that
 * each page is one the harness can build: every code block a file with its path or an `sh` block,
 * what a page uses exists, each variant makes a project, and the index links every page.
 */

const pages = readdirSync(RECIPES_DIR).filter((name) => name.endsWith('.md') && name !== 'README.md');

describe('the recipe harness reads a page as the project a user builds', () => {
  const page = (text: string): RecipePage => parseRecipe('page.md', text);

  it('takes files from blocks named by path, commands from sh blocks, and variants from the comment above a block', () => {
    const recipe = page(
      [
        '# A recipe',
        '```sh',
        '# install',
        'npm install --save-dev vitest \\',
        '  msw parley',
        'npx vitest run',
        '```',
        '```ts src/setup.ts',
        "export const endpoint = '/graphql';",
        '```',
        '<!-- variant: jsdom -->',
        '```ts vitest.config.ts',
        "export default { test: { environment: 'jsdom' } };",
        '```',
        '<!-- variant: node -->',
        '',
        '```ts vitest.config.ts',
        'export default {};',
        '```',
      ].join('\n'),
    );
    expect(recipe.variants).toEqual(['jsdom', 'node']);
    const jsdom = recipeProject(recipe, 'jsdom');
    expect([...jsdom.files]).toEqual([
      ['src/setup.ts', "export const endpoint = '/graphql';\n"],
      ['vitest.config.ts', "export default { test: { environment: 'jsdom' } };\n"],
    ]);
    expect(jsdom.setup).toEqual(['npm install --save-dev vitest msw parley']);
    expect(jsdom.run).toEqual(['npx vitest run']);
    expect(recipeProject(recipe, 'node').files.get('vitest.config.ts')).toBe('export default {};\n');
    expect(() => recipeProject(recipe)).toThrow(/choose one of its variants \(jsdom, node\)/);
  });

  it('refuses what it could not build as written', () => {
    expect(() => page('```ts\nconst a = 1;\n```')).toThrow(new RecipeError('page.md:1: every file a user creates names its path: ```ts path/to/file'));
    expect(() => page('```\nnpm test\n```')).toThrow(/page.md:1: a code block without a language/);
    expect(() => page('```ts ../outside.ts\n```')).toThrow(/must be a plain path inside the project/);
    expect(() => page('```ts a.ts\n1\n```\n```ts a.ts\n2\n```')).toThrow(/a.ts is shown twice \(first at line 1\)/);
    expect(() => page('```ts a.ts\nnever closed')).toThrow(/not closed/);
    expect(() => page('<!-- variant: x -->\ntext\n```ts a.ts\n```')).toThrow(/"variant" must be right above a code block/);
  });

  it('builds on the pages a page uses: all of one, or only the files it names', () => {
    const base = page('```sh\nnpm install vite\nnpx msw init public --save\n```\n```ts vite.config.ts\nexport default {};\n```\n```ts src/cache.ts\nexport {};\n```');
    const read = (name: string): RecipePage => ({ ...base, name });
    const all = recipeProject(parseRecipe('app.md', '<!-- uses: base.md -->\n```sh\nnpm install react\n```\n```ts vite.config.ts\nexport default { worker: {} };\n```'), undefined, read);
    expect([...all.files.keys()]).toEqual(['src/cache.ts', 'vite.config.ts']);
    expect(all.files.get('vite.config.ts')).toBe('export default { worker: {} };\n');
    expect(all.setup).toEqual(['npm install vite', 'npx msw init public --save', 'npm install react']);
    const some = recipeProject(parseRecipe('app.md', '<!-- uses: base.md src/cache.ts -->'), undefined, read);
    expect([...some.files.keys()]).toEqual(['src/cache.ts']);
    expect(some.setup).toEqual([]);
    expect(() => recipeProject(parseRecipe('app.md', '<!-- uses: base.md src/none.ts -->'), undefined, read)).toThrow(/shows no such file/);
  });

  it('installs the packed Parley where a line installs `parley`, and nothing else changes', () => {
    expect(asRun('npm install --save-dev parley msw', '/tmp/parley-0.1.0.tgz')).toBe('npm install --save-dev /tmp/parley-0.1.0.tgz msw');
    expect(asRun('npm install parley-ui', '/tmp/p.tgz')).toBe('npm install parley-ui');
    expect(asRun('npx msw init public --save', '/tmp/p.tgz')).toBe('npx msw init public --save');
  });
});

describe('docs/recipes/', () => {
  const index = readFileSync(new URL('README.md', RECIPES_DIR), 'utf8');

  it.each(pages)('%s can be built: its blocks, what it uses, each of its variants', (name) => {
    const page = readRecipe(name);
    const variants = page.variants.length > 0 ? page.variants : [undefined];
    for (const variant of variants) {
      const project = recipeProject(page, variant);
      expect(project.files.size, `${name} ${variant ?? ''}`).toBeGreaterThan(0);
      expect(project.setup.some((command) => /^npm (install|i) .*\bparley\b/.test(command)), `${name} ${variant ?? ''} installs parley`).toBe(true);
    }
  });

  it.each(pages)('the index (docs/recipes/README.md) links %s', (name) => {
    expect(index).toContain(`](${name})`);
  });
});
