import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The loader runs in a page (the MSW door's `setupWorker`): bundled for the browser (esbuild
 * refuses a `node:` import there) and run where only a page's globals exist, it loads the example
 * and reports a bad file's problems.
 */
it('loads fixtures/example.json (less its slug) in a browser bundle, without Node globals', async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/mock-server/user-fixtures/index.ts'],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'Fixtures',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const page = createContext({ crypto: globalThis.crypto, TextEncoder, TextDecoder, URL, atob, btoa, console, setTimeout, clearTimeout, queueMicrotask });
  runInContext('globalThis.self = globalThis; globalThis.window = globalThis;', page);
  runInContext(result.outputFiles[0]!.text, page);
  for (const name of ['process', 'Buffer', 'require']) expect(runInContext(`typeof ${name}`, page)).toBe('undefined');
  // Without its slug, the workspace gets one made from its name (slugify, loaded on first use).
  const doc = JSON.parse(readFileSync(`${root}fixtures/example.json`, 'utf8')) as { workspaces: { slug?: string }[] };
  delete doc.workspaces[0]!.slug;
  const example = JSON.stringify(doc);
  const outcome = JSON.parse(
    await (runInContext(
      `(async () => {
        const good = await Fixtures.fixturesFromText(${JSON.stringify(example)});
        const bad = await Fixtures.fixturesFromText('{"users":[{"username":"alice"}],"messages":[{"dm":["alice","bob"],"from":"alice","text":"hi"}]}');
        return JSON.stringify({ users: good.ok && [...good.state.tables.users.values()].map((u) => u.username), messages: good.ok && good.state.tables.messages.size, slugs: good.ok && [...good.state.tables.workspacesBySlug.keys()], bad });
      })()`,
      page,
    ) as Promise<string>),
  );
  expect(outcome).toEqual({
    users: ['alice', 'bob', 'carol', 'dave', 'erin'],
    messages: 20,
    slugs: ['acme'],
    bad: { ok: false, problems: [{ path: 'messages[0].dm[1]', message: 'no user "bob" in users' }] },
  });
}, 60_000);
