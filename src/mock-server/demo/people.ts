import type { UserRecord } from '../state/accounts/records.js';
import type { PasswordHash } from '../state/accounts/records.js';
import type { MockState } from '../state/mock-state.js';

const DAY = 24 * 3_600_000;

/** The demo accounts the people screens need besides the members of Acme. */
export interface DemoPeople {
  /** erin@acme.test: registered, email not verified yet, invited to Acme. */
  readonly erin: UserRecord;
}

/** Accounts made while the demo data loads (at fixture time): erin, who has not verified her address. */
export function addDemoAccounts(state: MockState, password: PasswordHash): DemoPeople {
  const erin = state.users.insert({ username: 'erin', displayName: 'Erin Walsh', email: 'erin@acme.test' }, password);
  return { erin };
}

/**
 * What must be fresh when the mock starts, so it is made at the real time, after loading:
 * erin's verification mail; pending invitations to Acme (erin as MEMBER, frank@partner.test as a
 * GUEST of #design whose invitation expires within a day); and a MEMBER invite link. They sit in
 * the outbox like any mail. `backdate` moves the state's clock back while a record is made.
 */
export function addFreshInvitations(
  state: MockState,
  people: DemoPeople,
  at: { workspaceId: string; ownerId: string; designId: string },
  backdate: (ms: number, make: () => void) => void,
): void {
  state.verification.send(people.erin);
  state.invitations.invite({ workspaceId: at.workspaceId, invitations: [{ email: people.erin.email, role: 'MEMBER' }], message: 'Welcome to Acme!' }, at.ownerId);
  // Sent six days and a few hours ago: it expires within a day.
  backdate(6 * DAY + 4 * 3_600_000, () => {
    state.invitations.invite({ workspaceId: at.workspaceId, invitations: [{ email: 'frank@partner.test', role: 'GUEST', conversationId: at.designId }] }, at.ownerId);
  });
  state.workspaces.createInviteLink(at.workspaceId, 'MEMBER', at.ownerId);
}

/** Departments of Acme, each with its lead (by username) and its share of the generated members. */
const DEPARTMENTS = [
  { name: 'Engineering', description: 'Builds and runs the product', lead: 'bob' },
  { name: 'Design', description: 'Product and brand design', lead: 'carol' },
  { name: 'Sales', description: null, lead: null },
  { name: 'Operations', description: 'People, finance and facilities', lead: null },
] as const;
const TWO_FACTOR_METHODS = ['APP', 'FIDO2', 'HARDWARE', 'SECURITY_KEY'] as const;

/** What `addDemoOrganisation` needs of faker: seeded choices, so the same seed gives the same org. */
export interface Chooser {
  jobTitle(): string;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/**
 * Acme's organisation, made while the demo data loads: four departments (two with leads, one
 * empty-ish), every member but a few in one, job titles, and two-factor settings with some
 * missing (carol and dave have none, so the TWO_FACTOR_MISSING filter has something to show).
 */
export function addDemoOrganisation(state: MockState, workspaceId: string, ownerId: string, members: readonly UserRecord[], choose: Chooser): void {
  const byName = new Map(members.map((user) => [user.username, user]));
  const ids = DEPARTMENTS.map(
    (department) =>
      state.departments.create(workspaceId, { name: department.name, description: department.description, leadUserId: department.lead === null ? null : byName.get(department.lead)!.id }, ownerId).department.id,
  );
  const workspace = state.workspaces.find(workspaceId)!;
  members.forEach((user, index) => {
    const member = workspace.members.get(user.id)!;
    if (member.role === 'GUEST') return;
    state.workspaces.arrangeMember(workspaceId, user.id, { jobTitle: user.username === 'alice' ? 'Founder & CEO' : choose.jobTitle() });
    // Leads were placed in their department when it was made; of the rest, every fifth has none.
    if (member.departmentId === null && index % 5 !== 4) state.departments.assign(workspaceId, user.id, ids[index % 2 === 0 ? 0 : choose.pick([1, 2, 3])]!, ownerId);
  });
  for (const user of members) {
    const named = { alice: 'APP', bob: 'FIDO2', carol: null, dave: null } as Record<string, (typeof TWO_FACTOR_METHODS)[number] | null | undefined>;
    const method = user.username in named ? named[user.username]! : choose.chance(0.7) ? choose.pick(TWO_FACTOR_METHODS) : null;
    state.users.arrange(user.id, { twoFactor: method === null ? null : { method } });
  }
}
