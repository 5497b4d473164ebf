import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInContext, createContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build, transform, type BuildResult, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/architecture.md, "One runtime, three doors": everything below the doors (engine, graphql, state, the
 * demo data, the user-fixtures loader) loads in a browser bundle. This bundles the browser entry for `platform: 'browser'`
 * (esbuild refuses any `node:` import there), checks our own modules in it for Node globals, and
 * runs the bundle where no Node global exists: a `vm` context holding only what a browser page has.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = 'src/mock-server/browser.ts';

/** Names that exist in Node and not in a browser page; none may appear in our code on that path. */
const NODE_GLOBALS = /\b(Buffer|process|setImmediate|clearImmediate|require|module|__dirname|__filename|global)\b/g;

let bundle: string;
let metafile: Metafile;

beforeAll(async () => {
  let result: BuildResult<{ write: false; metafile: true }>;
  try {
    result = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'Parley',
      target: 'es2022',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error) {
    // esbuild's message names each `node:` import it could not resolve for the browser, with its file.
    throw new Error(`the browser entry does not bundle for the browser:\n${String(error)}`);
  }
  bundle = result.outputFiles[0]!.text;
  metafile = result.metafile;
  const bytes = Buffer.byteLength(bundle);
  const ours = Object.keys(metafile.inputs).filter((input) => input.startsWith('src/')).length;
  console.log(
    `browser bundle of ${entry}: ${(bytes / 1024).toFixed(0)} kB minified, ${(gzipSync(bundle).length / 1024).toFixed(0)} kB gzipped; ` +
      `${Object.keys(metafile.inputs).length} modules (${ours} of Parley's)`,
  );
}, 60_000);

describe('the browser bundle (engine, graphql, state, demo, user-fixtures)', () => {
  it("has no Node global in Parley's own modules", async () => {
    const found: string[] = [];
    for (const input of Object.keys(metafile.inputs).filter((name) => name.startsWith('src/'))) {
      // Compiled without comments and types, so only code is searched.
      const { code } = await transform(readFileSync(`${root}${input}`, 'utf8'), { loader: 'ts', format: 'esm' });
      for (const match of code.matchAll(NODE_GLOBALS)) found.push(`${input}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('nothing below the doors has a node: import, in any of its modules (also those the entry leaves out)', () => {
    const below = { engine: 8, runtime: 8, graphql: 20, state: 50, demo: 5, 'user-fixtures': 5, routes: 10, facade: 0, kernel: 0, random: 4, realtime: 4 };
    const offenders: string[] = [];
    for (const [folder, atLeast] of Object.entries(below)) {
      const dir = `${root}src/mock-server/${folder}/`;
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
      expect(files.length, folder).toBeGreaterThan(atLeast);
      offenders.push(...files.filter((name) => /(from|import\()\s*['"]node:/.test(readFileSync(`${dir}${name}`, 'utf8'))).map((name) => `${folder}/${name}`));
    }
    expect(offenders).toEqual([]);
  });

  it('has the engine, the state, the demo data and the fixtures loader in it', () => {
    const inputs = Object.keys(metafile.inputs);
    const modules = ['engine/engine.ts', 'runtime/runtime.ts', 'state/mock-state.ts', 'demo/create-demo-state.ts', 'user-fixtures/load.ts', 'graphql/executable-schema.ts', 'routes/router.ts', 'routes/uploads.ts', 'routes/files.ts'];
    for (const module of modules.map((name) => `src/mock-server/${name}`)) {
      expect(inputs).toContain(module);
    }
    expect(inputs.filter((name) => name.startsWith('src/mock-server/http/') || name.startsWith('src/mock-server/ws/'))).toEqual([]);
  });

  it('runs where Node globals are absent: demo data, login (pure-JS scrypt), register, a page of messages, timers', async () => {
    const logged: string[] = [];
    let nextTimer = 1;
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    // What a browser page offers, and nothing of Node's: no process, Buffer, require, setImmediate.
    // Timers answer numbers, as a browser's do (Node's are objects with `unref`).
    const page = createContext({
      crypto: globalThis.crypto,
      TextEncoder,
      TextDecoder,
      URL,
      URLSearchParams,
      atob,
      btoa,
      performance,
      queueMicrotask,
      structuredClone,
      AbortController,
      Request,
      Response,
      Headers,
      ReadableStream,
      Event,
      EventTarget,
      console: {
        log: () => {},
        info: () => {},
        debug: () => {},
        warn: (...args: unknown[]) => logged.push(`warn: ${args.join(' ')}`),
        error: (...args: unknown[]) => logged.push(`error: ${args.join(' ')}`),
      },
      setTimeout: (fire: () => void, delay?: number) => {
        const id = nextTimer++;
        const timer = setTimeout(() => {
          timers.delete(id);
          fire();
        }, delay);
        timer.unref();
        timers.set(id, timer);
        return id;
      },
      clearTimeout: (id: number) => {
        clearTimeout(timers.get(id));
        timers.delete(id);
      },
    });
    runInContext('globalThis.self = globalThis; globalThis.window = globalThis;', page);
    runInContext(bundle, page, { filename: 'parley-browser.js' });
    for (const name of ['process', 'Buffer', 'require', 'setImmediate']) expect(runInContext(`typeof ${name}`, page)).toBe('undefined');

    // The scenario runs inside the page, on the page's own Promise, Map and Uint8Array.
    const run = runInContext(
      `(async () => {
        const { createDemoState, createRuntime, DEMO_PASSWORD } = Parley;
        const state = await createDemoState({ seed: 1 });
        const runtime = createRuntime(state);
        const origin = 'http://localhost';
        const call = (query, variables, token) =>
          runtime.run({ query, variables, authorization: token ? 'Bearer ' + token : null, publicOrigin: origin });
        const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { accessToken user { username } } }';
        const alice = await call(LOGIN, { input: { email: 'alice@acme.test', password: DEMO_PASSWORD } });
        const wrong = await call(LOGIN, { input: { email: 'alice@acme.test', password: DEMO_PASSWORD + '!' } });
        const token = alice.data.login.accessToken;
        const general = [...state.tables.conversations.values()].find((c) => c.isDefault && c.members.has(state.tables.usersByUsername.get('alice')));
        const PAGE = 'query($id: ID!, $before: String) { messages(conversationId: $id, first: 5, before: $before) { nodes { id sequence content } endCursor hasNextPage } }';
        const pages = [];
        let before = null;
        // Three pages: the second use of the document is where the adaptive engine tries graphql-jit.
        for (let i = 0; i < 3; i += 1) {
          const page = await call(PAGE, { id: general.id, before }, token);
          pages.push(page);
          before = page.data && page.data.messages.endCursor;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const badCursor = await call(PAGE, { id: general.id, before: before + 'A' }, token);
        // Typing arms an expiry timer on the state's clock (a browser's setTimeout).
        const typing = await call('mutation($id: ID!) { setTyping(conversationId: $id, active: true) }', { id: general.id }, token);
        const registered = await call('mutation($input: RegisterInput!) { register(input: $input) }', {
          input: { displayName: 'Page', email: 'page@example.test', password: 'correct horse battery', username: 'page' },
        });
        const pageLogin = await call(LOGIN, { input: { email: 'page@example.test', password: 'correct horse battery' } });
        // The routes (uploads, files, ...) answer Fetch Requests here too.
        const router = Parley.createRouter({ host: { state, changed() {} }, graphql: async () => new Response(null, { status: 204 }), dev: null });
        const routes = [];
        for (const path of ['/ready', '/uploads/nope', '/files/nope']) routes.push((await router(new Request('http://localhost' + path))).status);
        return JSON.stringify({ alice, wrong, pages, badCursor, typing, registered, pageLogin, routes });
      })()`,
      page,
    ) as Promise<string>;
    const results = JSON.parse(await run);

    expect(results.alice).toEqual({ data: { login: { accessToken: expect.any(String), user: { username: 'alice' } } } });
    expect(results.wrong.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const sequences = results.pages.map((page: { data: { messages: { nodes: { sequence: number }[] } } }) => page.data.messages.nodes.map((node) => node.sequence));
    expect(sequences.flat()).toHaveLength(15);
    // Each page goes further back than the one before, without overlap: the cursors decoded.
    expect(new Set(sequences.flat()).size).toBe(15);
    expect(Math.max(...sequences[1])).toBeLessThan(Math.min(...sequences[0]));
    expect(results.badCursor.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(results.typing).toEqual({ data: { setTyping: true } });
    expect(results.registered.errors).toBeUndefined();
    expect(results.pageLogin.data.login.user.username).toBe('page');
    expect(results.routes).toEqual([200, 404, 403]);
    // No error was logged; graphql-jit may say once that it cannot load here (it reads `process`).
    expect(logged.filter((line) => !line.includes('graphql-jit could not load'))).toEqual([]);
  }, 60_000);
});
