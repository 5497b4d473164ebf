import { ErrorCode } from '../../../schema/error-codes.js';
import { DomainError, forbidden } from '../errors.js';
import type { UserRecord } from '../accounts/records.js';
import type { WorkspaceMemberRecord, WorkspaceRecord, WorkspaceRole } from './records.js';

/**
 * Who may come into a workspace, whatever the door (an invite link, an invitation by email):
 * the join domains admit only verified addresses at those domains, and a link or invitation
 * grants its role only while the member who made it may still grant that role.
 */

/** The domain of a (stored, lower-cased) address: what follows its last `@`. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** Whether `email` is at one of the workspace's join domains (always, when it has none). */
export function isJoinDomain(workspace: WorkspaceRecord, email: string): boolean {
  return workspace.joinEmailDomains.length === 0 || workspace.joinEmailDomains.includes(domainOf(email));
}

/**
 * Refuses (FORBIDDEN) `user` joining a workspace limited to some domains unless their address is
 * at one of them and verified: an address nobody has proven to own is no member of the domain.
 */
export function checkJoinDomain(workspace: WorkspaceRecord, user: UserRecord): void {
  if (workspace.joinEmailDomains.length === 0) return;
  const domains = workspace.joinEmailDomains.join(', ');
  if (!isJoinDomain(workspace, user.email)) throw forbidden(`this workspace admits only addresses at ${domains}`);
  if (user.emailVerifiedAt === null) {
    throw forbidden(`this workspace admits only verified addresses at ${domains}: verify ${user.email} first (verifyEmail; resendVerificationEmail mails a new token)`);
  }
}

/** Refuses (FORBIDDEN, naming `argument`) inviting an address outside the workspace's join domains. */
export function checkInvitedDomain(workspace: WorkspaceRecord, email: string, argument: string): void {
  if (isJoinDomain(workspace, email)) return;
  throw new DomainError(ErrorCode.FORBIDDEN, `this workspace admits only addresses at ${workspace.joinEmailDomains.join(', ')}, not ${email}`, argument);
}

/**
 * Whether `granter` (their membership now, or undefined once they left or were removed) may grant
 * `role`: owners and admins grant every role but OWNER, as `changeWorkspaceMemberRole` lets them
 * (docs/mock-behaviour.md, "Roles"); members and guests grant nothing.
 */
export function canGrant(granter: WorkspaceMemberRecord | undefined, role: WorkspaceRole): boolean {
  if (granter === undefined || role === 'OWNER') return false;
  return granter.role === 'OWNER' || granter.role === 'ADMIN';
}

/**
 * Refuses (FORBIDDEN, naming `token`) a link or invitation whose maker can no longer grant its
 * role: one removed from the workspace, or demoted below a role that may grant it.
 */
export function checkGranter(workspace: WorkspaceRecord, granterId: string, role: WorkspaceRole, what: 'invite link' | 'invitation'): void {
  if (canGrant(workspace.members.get(granterId), role)) return;
  throw new DomainError(ErrorCode.FORBIDDEN, `this ${what} no longer works: whoever made it can no longer grant the ${role} role here; ask an owner or admin for a new one`, 'token');
}
