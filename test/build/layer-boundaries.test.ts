import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The GraphQL layer, the engine and the builders of data (the demo, a user's fixtures) reach the
 * domain only through its services (issue 27): no file under `src/mock-server/graphql/`,
 * `engine/`, `demo/` or `user-fixtures/` reads the state's tables
 * (`state.tables`, `state.areas`) or imports a module of them (`state/tables.js`, `state/areas.js`,
 * an area's `tables.js`). A view is a pure function of what its resolver gives it: it imports
 * only types from the domain, and never the state itself.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(folder: string): string[] {
  const entries = readdirSync(join(root, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** `file:line: text` of each match of `pattern` (global, may span lines) in `files`. */
function offending(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [...text.matchAll(pattern)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      return `${file}:${line}: ${match[0].replace(/\s+/g, ' ').trim()}`;
    });
  });
}

const layers = [...sources('src/mock-server/graphql'), ...sources('src/mock-server/engine'), ...sources('src/mock-server/demo'), ...sources('src/mock-server/user-fixtures')];
const views = sources('src/mock-server/graphql/views');

/**
 * The routes (`src/mock-server/routes/`, the Fetch handlers every door calls) are a layer below
 * the doors: they import no door (http/, ws/, msw/), nothing of Node's platform (platform/,
 * persist/, `node:`), and reach the state through its services. The fixtures route's summary
 * still counts the loaded state's tables (the one read allowed below, until the state has a
 * facade that counts).
 */
const routes = sources('src/mock-server/routes');
const ROUTES_TABLE_READS_ALLOWED = new Set(['src/mock-server/routes/dev/fixtures.ts']);

describe('the routes are a layer below the doors', () => {
  it('finds the files it checks', () => {
    expect(routes).toContain('src/mock-server/routes/router.ts');
    expect(routes).toContain('src/mock-server/routes/uploads.ts');
    expect(routes).toContain('src/mock-server/routes/dev/routes.ts');
  });

  it('imports no door, no Node platform module and no node: built-in', () => {
    expect(offending(routes, /.*from\s+['"](?:node:[^'"]*|[^'"]*\/(?:http|ws|msw|platform|persist|cli)\/[^'"]*)['"]/g)).toEqual([]);
    expect(offending(routes, /.*import\(\s*['"](?:node:[^'"]*|[^'"]*\/(?:http|ws|msw|platform|persist|cli)\/[^'"]*)['"]/g)).toEqual([]);
  });

  it('reads no table of the state and imports no module of the tables', () => {
    const checked = routes.filter((file) => !ROUTES_TABLE_READS_ALLOWED.has(file));
    expect(offending(checked, /.*(?:[\w)\]]\??\.|\[['"])(tables|areas)\b.*/g)).toEqual([]);
    expect(offending(routes, /.*from\s+['"][^'"]*\/state\/(?:[\w-]+\/)?(?:tables|areas)\.js['"]/g)).toEqual([]);
  });
});

describe('the GraphQL layer, the engine and the data builders stay out of the tables', () => {
  it('finds the files it checks', () => {
    expect(layers).toContain('src/mock-server/graphql/resolvers/messages.ts');
    expect(layers).toContain('src/mock-server/engine/engine.ts');
    expect(layers).toContain('src/mock-server/demo/create-demo-state.ts');
    expect(layers).toContain('src/mock-server/user-fixtures/build.ts');
    expect(views).toContain('src/mock-server/graphql/views/messages.ts');
  });

  it('reads no table of the state', () => {
    // `x.tables`, `x?.areas`, `x['tables']`; not a spread (`...areas`).
    expect(offending(layers, /.*(?:[\w)\]]\??\.|\[['"])(tables|areas)\b.*/g)).toEqual([]);
  });

  it('imports no module of the tables (state/tables.js, state/areas.js, an area\'s tables.js)', () => {
    expect(offending(layers, /.*from\s+['"][^'"]*\/state\/(?:[\w-]+\/)?(?:tables|areas)\.js['"]/g)).toEqual([]);
  });

  it('has views that import only types from the domain, and not the state', () => {
    const valueImports = offending(views, /^import\s+(?!type\b)[^;]*?from\s+['"][^'"]*\/state\/[^'"]*['"]/gm);
    const stateImports = offending(views, /.*from\s+['"][^'"]*\/state\/mock-state\.js['"]/g);
    expect([...valueImports, ...stateImports]).toEqual([]);
  });
});
