import type { UserRecord } from './state/accounts/records.js';
import type { PasswordHash } from './state/accounts/records.js';
import type { MockState } from './state/mock-state.js';

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
