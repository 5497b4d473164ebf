import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Start-up of `parley` (bench/startup.ts): every module the CLI imports statically is loaded
 * before any command runs, `mock serve` included, and on a small machine each costs about a
 * millisecond. The heavy parts of other paths are imported where they are used: the WebSocket
 * door (ws, graphql-ws) once the server listens; the dev, authorize, upload and download routes
 * at their first request; the demo data (faker) when it is built; the snapshot schemas (valibot)
 * when a document is checked; the conformance suite (its checks, its WebSocket client) by its own
 * commands. This splits the CLI as esbuild would and follows only static imports from the entry.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

let staticInputs: string[];
let staticPackages: string[];

beforeAll(async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === 'src/cli/main.ts')!;
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const imported of outputs[name]!.imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else pending.push(imported.path);
    }
  }
  staticInputs = [...seen].flatMap((name) => Object.keys(outputs[name]!.inputs));
  staticPackages = [...packages];
}, 60_000);

describe('what `parley` loads before any command runs', () => {
  it('leaves out ws, graphql-ws, faker, content-disposition and valibot', () => {
    const heavy = staticPackages.filter((name) => /^(ws|graphql-ws|@faker-js\/faker|content-disposition|valibot)(\/|$)/.test(name));
    expect(heavy).toEqual([]);
  });

  it('leaves out the conformance checks, the WebSocket door and the routes few requests take', () => {
    expect(staticInputs).toContain('src/mock-server/mock-server.ts');
    const late = staticInputs.filter((name) => /^src\/conformance\/(catalogue|checks|realtime|rules)/.test(name) || /^src\/mock-server\/(ws\/websocket-door|routes\/dev\/|routes\/(oauth|uploads|files)\.ts)/.test(name));
    expect(late).toEqual([]);
  });
});
