import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A record changed in place without its table knowing is a change `--persist` never writes: lost
 * on restart. So records are typed readonly, and a table's write API (`update(key, draft => ...)`,
 * `set`, the messages table's `update(id, change)`) is the only way to change one; it records the
 * change. These tests have the compiler refuse each kind of change in place (a field, a member
 * of a part, a message, an array, a set and a map a table holds), accept the same changes made
 * through the write API, and check that no hand-written `touch()` is left in the source and that
 * only the messages table writes a message (`MessageRecord.write`).
 */

const tscBin = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const src = fileURLToPath(new URL('../../../src/', import.meta.url));
const state = `${src}mock-server/state/`;

/** Each change in place the types must refuse, one per line of the probe. */
const IN_PLACE = [
  'ctx.conversations.conversations.get("c")!.title = "x";',
  'ctx.conversations.conversations.get("c")!.members.get("u")!.lastReadSequence = 9;',
  'ctx.messages.messages.get("m")!.content = "x";',
  'ctx.notifications.notificationsByUser.get("u")!.push("n");',
  'ctx.files.attachmentsByConversation.get("c")!.add("a");',
  'ctx.notifications.notificationDays.get("u")!.set(1, { mentions: 1, replied: 0 });',
  'ctx.accounts.users.get("u")!.emailVerifiedAt = 1;',
  'ctx.workspaces.workspaces.get("w")!.joinEmailDomains.push("x.test");',
];

/** The same changes through the write API: they compile. */
const THROUGH_THE_TABLE = [
  'ctx.conversations.conversations.update("c", (draft) => { draft.title = "x"; });',
  'ctx.conversations.conversations.get("c")!.members.update("u", (draft) => { draft.lastReadSequence = 9; });',
  'ctx.messages.messages.update("m", { content: "x" });',
  'ctx.notifications.notificationsByUser.update("u", (ids) => { ids.push("n"); });',
  'ctx.files.attachmentsByConversation.update("c", (ids) => { ids.add("a"); });',
  'ctx.notifications.notificationDays.update("u", (days) => { days.set(1, { mentions: 1, replied: 0 }); });',
  'ctx.accounts.users.update("u", (draft) => { draft.emailVerifiedAt = 1; });',
  'ctx.workspaces.workspaces.update("w", (draft) => { draft.joinEmailDomains = ["x.test"]; });',
];

/** `tsc`'s errors for a probe of `lines`, each naming its line. */
function compile(lines: readonly string[]): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'parley-readonly-'));
  try {
    const header = [`import type { AreaTables } from '${state}tables.js';`, 'declare const ctx: AreaTables;', 'export {};'];
    writeFileSync(join(scratch, 'probe.ts'), [...header, ...lines].join('\n'));
    const compilerOptions = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', lib: ['es2023', 'dom'], skipLibCheck: true, types: [] };
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['probe.ts'] }));
    const tsc = spawnSync(process.execPath, [tscBin, '-p', join(scratch, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
    return tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('records change only through their table', () => {
  it('the compiler refuses every change in place, and accepts the same changes through the write API', () => {
    const errors = compile([...IN_PLACE, ...THROUGH_THE_TABLE]);
    // One error on each line of IN_PLACE (after the three of the header), none on the others.
    const lines = errors.map((error) => Number(/probe\.ts\((\d+),/.exec(error)?.[1]));
    expect(lines, errors.join('\n')).toEqual(IN_PLACE.map((_, index) => index + 4));
    for (const error of errors) expect(error).toMatch(/error TS(2540|2339|2551)/);
  }, 60_000);

  it('no source file calls touch(): a change reaches the --persist log through the table it is made in', () => {
    const calls = sources(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\btouch\(/.test(line) ? [`${file.slice(src.length)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(calls).toEqual([]);
  });

  it('a message is written only by its table: MessageRecord.write is called by the messages table alone', () => {
    const writers = sources(src)
      .filter((file) => /MessageRecord\.write\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(src.length));
    expect(writers.sort()).toEqual(['mock-server/state/messages/records.ts', 'mock-server/state/messages/tables.ts']);
  });
});
