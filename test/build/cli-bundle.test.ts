import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineStarting, root, startCli } from '../support/cli-process.js';

/**
 * The `parley` command is a bundle (scripts/build-cli.ts; docs/architecture.md, "Why the command
 * is a bundle"): dist/cli/main.js loads a few chunks, not tsc's files one module at a time, and
 * what Parley reads beside its code (the schema, GraphiQL's files) is still found from the
 * chunks, through the `import.meta.url` each source module had in tsc's build.
 */

const main = readFileSync(join(root, 'dist/cli/main.js'), 'utf8');
const relativeImports = [...main.matchAll(/from ["'](\.[^"']+)["']|import\(["'](\.[^"']+)["']\)/g)].map((match) => match[1] ?? match[2]!);

describe('the bundled parley command', () => {
  it('is a bundle: main.js imports chunks of its own, not the modules tsc wrote beside it', () => {
    expect(main.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(relativeImports.length).toBeGreaterThan(0);
    expect(relativeImports.filter((path) => !/^\.\/chunk-[A-Z0-9]+\.js$/.test(path))).toEqual([]);
  });

  it('serves GraphiQL from dist/graphiql/ and the dev console from dist/console/, and prints the schema from schema.graphql', async () => {
    const started = await startCli(['mock', 'serve', '--port', '0', '--empty'], (stdout) => lineStarting('parley mock listening on ', stdout) !== undefined);
    expect(started.status, started.stderr).toBeNull();
    const url = lineStarting('parley mock listening on ', started.stdout)!.slice('parley mock listening on '.length).trim();
    const page = await fetch(url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const script = /src="([^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(new URL(script!, url));
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1000);
    const devPage = await fetch(new URL('/dev', url), { headers: { accept: 'text/html' } });
    const consoleScript = /src="([^"]+\.js)"/.exec(await devPage.text())?.[1];
    expect(consoleScript).toBe('/dev/console/console.js');
    const consoleBundle = await fetch(new URL(consoleScript!, url));
    expect(consoleBundle.status).toBe(200);
    expect((await consoleBundle.text()).length).toBeGreaterThan(1000);

    const printed = await startCli(['schema', 'print'], () => false);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toBe(readFileSync(join(root, 'schema.graphql'), 'utf8'));
  }, 30_000);
});
