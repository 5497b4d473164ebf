import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The domain areas of `src/mock-server/state/` own their tables (issue 27; docs/architecture.md,
 * "Areas own their tables"). A service is built with `AreaContext<ItsOwnTables>`: reading another
 * area's table is a type error, and these tests keep it so. They check the imports that could
 * widen a service's view (the flat `Tables`, another area's `tables.js`), that each area's
 * contexts name only its own tables, and, through the compiler itself, that a reach-in fails to
 * type-check.
 */

/** TypeScript's own `tsc` (TypeScript 7 has no compiler API for JavaScript to call). */
const tscBin = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const state = fileURLToPath(new URL('../../src/mock-server/state/', import.meta.url));

/** Each area with tables, and the name of its tables type. */
const OWN_TABLES: Readonly<Record<string, string>> = {
  accounts: 'AccountTables',
  workspaces: 'WorkspaceTables',
  conversations: 'ConversationTables',
  messages: 'MessageTables',
  files: 'FileTables',
  notifications: 'NotificationTables',
  outbox: 'OutboxTables',
};
/** Areas with no tables of their own (derived or live data): they reach data through services only. */
const TABLELESS = ['search', 'live'];

const sources = (area: string): { file: string; text: string }[] =>
  readdirSync(`${state}${area}`)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: `${area}/${name}`, text: readFileSync(`${state}${area}/${name}`, 'utf8') }));

const importsOf = (text: string): string[] => [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);

describe('each area of the state reaches only its own tables', () => {
  for (const area of [...Object.keys(OWN_TABLES), ...TABLELESS]) {
    it(`${area}: imports neither the flat Tables nor another area's tables`, () => {
      const offending = sources(area).flatMap(({ file, text }) =>
        importsOf(text)
          .filter((path) => path === '../tables.js' || /^\.\.\/[a-z-]+\/tables\.js$/.test(path))
          .map((path) => `${file} imports ${path}`),
      );
      expect(offending).toEqual([]);
    });

    it(`${area}: every AreaContext names ${OWN_TABLES[area] ?? 'no tables'}`, () => {
      const contexts = sources(area).flatMap(({ file, text }) => [...text.matchAll(/AreaContext<([^>]+)>/g)].map((match) => `${file}: ${match[1]}`));
      const foreign = contexts.filter((context) => !context.endsWith(`: ${OWN_TABLES[area]}`));
      expect(foreign).toEqual([]);
    });
  }

  it('the compiler refuses a service that reads another area\'s table', () => {
    // A service of the files area, written in a scratch folder against the real state modules.
    const scratch = mkdtempSync(join(tmpdir(), 'parley-reach-in-'));
    try {
      writeFileSync(
        join(scratch, 'probe.ts'),
        [
          `import type { AreaContext } from '${state}context.js';`,
          `import type { FileTables } from '${state}files/tables.js';`,
          'export const ownTable = (ctx: AreaContext<FileTables>) => ctx.tables.storedFiles;',
          'export const reachIn = (ctx: AreaContext<FileTables>) => ctx.tables.conversations;',
        ].join('\n'),
      );
      const compilerOptions = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: true, types: [] };
      writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['probe.ts'] }));
      const tsc = spawnSync(process.execPath, [tscBin, '-p', join(scratch, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
      const errors = tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
      expect(errors).toEqual([expect.stringMatching(/^.*probe\.ts\(4,\d+\): error TS2339: Property 'conversations' does not exist on type 'FileTables'\.$/)]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
