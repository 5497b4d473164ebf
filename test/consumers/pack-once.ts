import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { succeed } from './child-processes.js';

/** Parley as `npm pack` left it, once for every file of the `consumers` project. */
export interface PackedParley {
  /** The tarball's absolute path (in a temporary folder of its own, removed after the run). */
  readonly tarball: string;
  /** The paths the pack put in it, as `npm pack --json` lists them. */
  readonly files: readonly string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    parleyPack: PackedParley;
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The `consumers` project's global setup, after test/global-setup.ts has built dist/: packs Parley
 * once and hands the tarball to every file (`inject('parleyPack')`), which would otherwise each
 * pack the same files again. The pack skips scripts, since `prepack` (clean) and `prepare` (build)
 * would pull dist/ away from the test files running beside it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-pack-'));
  const [pack] = JSON.parse(await succeed('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], root)) as [
    { filename: string; files: { path: string }[] },
  ];
  project.provide('parleyPack', { tarball: join(dir, pack.filename), files: pack.files.map((file) => file.path) });
  return () => rm(dir, { recursive: true, force: true });
}
