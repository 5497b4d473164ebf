import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { memberCsvColumns } from '../../../src/mock-server/state/workspaces/members-csv.js';
import { expectCode, gql, ok } from '../../support/client.js';
import type { Actor } from '../../support/world.js';
import { createWorkspaceOf, joinAs, registerPerson, startPeopleMock } from './people.js';

/** exportWorkspaceMembersCsv: RFC 4180, read back with csv-parse (the parser of the same project). */

const joinedAt = Date.parse('2026-05-04T08:30:00Z');
const clock = new ManualClock(joinedAt);
let mock: RunningMockServer;
let w: string;
let owner: Actor, admin: Actor, comma: Actor, quote: Actor, lines: Actor, guest: Actor, outsider: Actor;

beforeAll(async () => {
  mock = await startPeopleMock(clock);
  [owner, admin, comma, quote, lines, guest, outsider] = await Promise.all([
    registerPerson(mock.url, 'Olive Owner', 'olive'),
    registerPerson(mock.url, 'Adam Admin', 'adam'),
    registerPerson(mock.url, 'Doe, Jane', 'jane'),
    registerPerson(mock.url, 'The "Boss"', 'boss'),
    registerPerson(mock.url, 'Line Break Ünïcødé', 'lines'),
    registerPerson(mock.url, 'Gus Guest', 'gus'),
    registerPerson(mock.url, 'Otto Outsider', 'otto'),
  ]);
  w = await createWorkspaceOf(mock.url, owner);
  await joinAs(mock.url, owner, w, admin, 'ADMIN');
  for (const actor of [comma, quote, lines]) await joinAs(mock.url, owner, w, actor, 'MEMBER');
  await joinAs(mock.url, owner, w, guest, 'GUEST');
  ok(await gql(mock.url, 'mutation($w: ID!, $l: ID) { createDepartment(workspaceId: $w, input: { name: "R&D, \\"Labs\\"", leadUserId: $l }) { id } }', { w, l: comma.id }, owner.token));
  // Job titles and two-factor settings have no public API yet (other issues): arranged in the state.
  mock.state.workspaces.arrangeMember(w, quote.id, { jobTitle: 'Head of "Things",\r\nand more' });
  mock.state.workspaces.arrangeMember(w, lines.id, { jobTitle: 'cr\ronly' });
  mock.state.users.arrange(admin.id, { twoFactor: { method: 'FIDO2' } });
  // A name is one line since names refuse control characters (docs/mock-behaviour.md, "Text at the
  // door"); one from elsewhere (a restored snapshot) may still hold a line break, and the CSV must quote it.
  mock.state.tables.users.update(lines.id, (user) => {
    user.displayName = 'Line\nBreak Ünïcødé';
  });
});
afterAll(() => mock.close());

const EXPORT = 'query($w: ID!) { exportWorkspaceMembersCsv(workspaceId: $w) }';
const exportAs = (as: Actor, workspaceId = w) => gql<{ exportWorkspaceMembersCsv: string }>(mock.url, EXPORT, { w: workspaceId }, as.token);

describe('exportWorkspaceMembersCsv', () => {
  it('writes a header row and every member once, in directory order, with CRLF after every record', async () => {
    const csv = ok(await exportAs(owner)).exportWorkspaceMembersCsv;
    expect(csv.startsWith(`${memberCsvColumns.join(',')}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    // Strictly CRLF-delimited: a bare LF or CR left unquoted would split or merge records here.
    const records = parse(csv, { record_delimiter: '\r\n' }) as string[][];
    expect(records[0]).toEqual([...memberCsvColumns]);
    const directory = ok(await gql<{ memberDirectory: { items: { userId: string }[] } }>(mock.url, 'query($w: ID!) { memberDirectory(workspaceId: $w, input: { pageSize: 100 }) { items { userId } } }', { w }, owner.token));
    expect(records.slice(1).map((record) => record[0])).toEqual(directory.memberDirectory.items.map((item) => item.userId));
    expect(records).toHaveLength(7);
  });

  it('commas, quotes and line breaks in names, titles and departments round-trip exactly', async () => {
    const csv = ok(await exportAs(admin)).exportWorkspaceMembersCsv;
    expect(csv).toContain('"The ""Boss"""');
    // A lone LF or CR is quoted too: many readers end a record at either.
    expect(csv).toContain('"Line\nBreak Ünïcødé"');
    expect(csv).toContain('"cr\ronly"');
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const byId = new Map(rows.map((row) => [row['userId'], row]));
    expect(byId.get(comma.id)).toEqual({
      userId: comma.id,
      username: expect.stringMatching(/^jane_/),
      displayName: 'Doe, Jane',
      email: comma.email,
      role: 'MEMBER',
      department: 'R&D, "Labs"',
      isDepartmentLead: 'true',
      jobTitle: '',
      joinedAt: new Date(joinedAt).toISOString(),
      twoFactorEnabled: 'false',
      twoFactorMethod: '',
    });
    expect(byId.get(quote.id)).toMatchObject({ displayName: 'The "Boss"', jobTitle: 'Head of "Things",\r\nand more', department: '' });
    expect(byId.get(lines.id)).toMatchObject({ displayName: 'Line\nBreak Ünïcødé', jobTitle: 'cr\ronly' });
    expect(byId.get(admin.id)).toMatchObject({ role: 'ADMIN', twoFactorEnabled: 'true', twoFactorMethod: 'FIDO2' });
    expect(byId.get(guest.id)).toMatchObject({ role: 'GUEST' });
    expect(byId.get(owner.id)).toMatchObject({ role: 'OWNER' });
  });

  it('is for owners and admins: members, guests and outsiders are FORBIDDEN, an unknown workspace NOT_FOUND', async () => {
    expectCode(await exportAs(comma), 'FORBIDDEN');
    expectCode(await exportAs(guest), 'FORBIDDEN');
    expectCode(await exportAs(outsider), 'FORBIDDEN');
    expectCode(await exportAs(owner, randomUUID()), 'NOT_FOUND');
    expectCode(await gql(mock.url, EXPORT, { w }), 'UNAUTHENTICATED');
  });
});
