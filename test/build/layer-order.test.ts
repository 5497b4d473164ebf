import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The house in layers, lowest first: every import runs down (or stays in its own room), never
 * back up. A room is a folder of `src/mock-server/` (or one of its top files), or a folder of
 * `src/`. Rooms of one layer do not import each other, except the doors, which are built of each
 * other's parts (the WebSocket door reads the HTTP door's Host allow-list).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['schema', 'mock-server/kernel'],
  ['mock-server/state'],
  ['mock-server/demo'],
  ['mock-server/user-fixtures'],
  ['mock-server/graphql'],
  ['mock-server/engine'],
  ['mock-server/runtime'],
  // What the dev controls are built of: the read model, the event stream, named snapshots.
  ['mock-server/dev'],
  ['mock-server/random', 'mock-server/facade', 'mock-server/simulator', 'mock-server/realtime', 'mock-server/dev-controls.ts'],
  ['mock-server/routes', 'mock-server/mock.ts'],
  // Sandboxes: many runtimes with their routes over one engine, below the doors that serve them.
  ['mock-server/sandboxes'],
  // The doors: Node's (HTTP, WebSocket, persistence, platform adapters) and MSW's, and their entries.
  ['mock-server/http', 'mock-server/ws', 'mock-server/persist', 'mock-server/platform', 'msw', 'mock-server/mock-server.ts', 'mock-server/browser.ts'],
  ['conformance', 'graphiql-app', 'console-app'],
  ['index.ts', 'cli'],
];
const DOORS = new Set(LAYERS.at(-3));

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

/** The room of a file under `src/`: `mock-server/<folder>` or `mock-server/<file>.ts`, else `<folder>` or `<file>.ts`. */
function roomOf(path: string): string {
  const parts = relative(src, path).split('/');
  if (parts[0] === 'mock-server') return `mock-server/${parts[1]}`;
  return parts[0]!;
}

function layerOf(room: string): number {
  const layer = LAYERS.findIndex((rooms) => rooms.includes(room));
  if (layer < 0) throw new Error(`${room} is in no layer: add it to LAYERS`);
  return layer;
}

/** Every relative import (static or dynamic, types included) of every source file: [from, to]. */
function imports(): [string, string][] {
  const files = readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
      (match): [string, string] => [file, normalize(join(dirname(file), match[1]!)).replace(/\.js$/, '.ts')],
    ),
  );
}

describe('the layers of the house', () => {
  const edges = imports();

  it('finds the imports it checks', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some(([from, to]) => roomOf(from) === 'mock-server/runtime' && roomOf(to) === 'mock-server/engine')).toBe(true);
  });

  it('puts every room in a layer', () => {
    const rooms = new Set(edges.flatMap(([from, to]) => [roomOf(from), roomOf(to)]));
    expect([...rooms].filter((room) => !LAYERS.some((layer) => layer.includes(room)))).toEqual([]);
  });

  it('has no import running up a layer, or across rooms of one layer but the doors', () => {
    const wrong = edges.flatMap(([from, to]) => {
      const [a, b] = [roomOf(from), roomOf(to)];
      if (a === b) return [];
      const [up, across] = [layerOf(b) > layerOf(a), layerOf(b) === layerOf(a) && !DOORS.has(a)];
      return up || across ? [`${relative(root, from)} -> ${relative(root, to)}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
