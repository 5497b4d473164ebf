import type { Users } from '../accounts/users.js';
import type { Conversations } from '../conversations/conversations.js';
import { canManageWorkspace } from '../access.js';
import type { UserRecord } from '../accounts/records.js';
import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireId, requireText } from '../input.js';
import type { Outbox } from '../outbox/outbox.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import type { InvitationRecord, InviteLinkRecord, WorkspaceRecord, WorkspaceRole } from './records.js';
import { requireEmail } from '../emails.js';
import { canGrant, checkGranter, checkInvitedDomain, checkJoinDomain } from './join-rules.js';

/** Invitation rules. SPEC.md gives these operations by signature only; these are the mock's. */
export const invitationRules = {
  /** How long an invitation by email stays valid. */
  invitationMs: 7 * 24 * 3_600_000,
  /** Addresses one `inviteToWorkspace` call may invite. */
  maxPerCall: 50,
  messageMax: 500,
  /** Domains `setWorkspaceJoinEmailDomains` may keep. */
  maxDomains: 20,
} as const;

/** A host name of letters, digits and inner dashes, with at least one dot and a letter-only top label. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface InvitationEntry {
  readonly email: string;
  readonly role: WorkspaceRole;
  readonly conversationId?: string | null;
}

export interface InviteResult {
  readonly sent: number;
  readonly alreadyMembers: number;
}

/**
 * Invitations by email and the joining rules of invite links. An invitation is pending from
 * `inviteToWorkspace` until it is used to join or expires (expired ones are dropped when read);
 * inviting an address again replaces its pending invitation with a fresh one.
 */
export class Invitations {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly users: Users,
    private readonly conversations: Conversations,
    private readonly outbox: Outbox,
  ) {}

  /**
   * `inviteToWorkspace`: owners and admins. Every entry is checked before anything is sent, so a
   * refused call invites nobody. Addresses of members are counted, not invited.
   */
  invite(input: { workspaceId: string; invitations: readonly InvitationEntry[]; message?: string | null }, userId: string): InviteResult {
    const { tables, clock } = this.ctx;
    const { workspace, member } = this.ctx.access.workspaceOfMember(input.workspaceId, userId, 'input.workspaceId');
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can invite people');
    if (input.invitations.length === 0 || input.invitations.length > invitationRules.maxPerCall) {
      throw badInput(`input.invitations must hold 1 to ${invitationRules.maxPerCall} entries, but has ${input.invitations.length}`, 'input.invitations');
    }
    const message = input.message == null ? null : requireText(input.message, 'input.message', { max: invitationRules.messageMax });
    const entries = new Map<string, InvitationEntry>();
    input.invitations.forEach((entry, index) => {
      const at = `input.invitations[${index}]`;
      const email = requireEmail(entry.email, `${at}.email`);
      checkInvitedDomain(workspace, email, `${at}.email`);
      if (entry.role === 'OWNER') throw badInput('an invitation cannot grant the OWNER role; change the role once they have joined', `${at}.role`);
      if (entry.conversationId != null) this.checkChannel(workspace, entry.conversationId, userId, `${at}.conversationId`);
      entries.set(email, { ...entry, email });
    });
    let sent = 0;
    let alreadyMembers = 0;
    const inviter = this.users.get(userId);
    for (const entry of entries.values()) {
      const existing = this.users.idByEmail(entry.email);
      if (existing !== undefined && workspace.members.has(existing)) {
        alreadyMembers += 1;
        continue;
      }
      this.dropPending(workspace.id, entry.email);
      const now = clock.now();
      const invitation: InvitationRecord = {
        id: this.ctx.ids(),
        workspaceId: workspace.id,
        email: entry.email,
        role: entry.role,
        conversationId: entry.conversationId ?? null,
        token: `wi_${this.ctx.secrets(18)}`,
        invitedBy: userId,
        createdAt: now,
        expiresAt: now + invitationRules.invitationMs,
      };
      tables.invitations.set(invitation.id, invitation);
      tables.invitationsByToken.set(invitation.token, invitation.id);
      this.mail(invitation, workspace, inviter, message);
      sent += 1;
    }
    return { sent, alreadyMembers };
  }

  /** `pendingWorkspaceInvitations`: owners and admins; newest first. */
  pending(workspaceId: string, userId: string): InvitationRecord[] {
    const { member } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can see pending invitations');
    return this.pendingOf(workspaceId).reverse();
  }

  /**
   * How many pending invitations `viewerId` is shown on the workspace (its `pendingInvitations`):
   * all of them for owners and admins, who manage them; 0 for everyone else.
   */
  pendingCountFor(workspace: WorkspaceRecord, viewerId: string): number {
    const member = workspace.members.get(viewerId);
    return member !== undefined && canManageWorkspace(member) ? this.pendingOf(workspace.id).length : 0;
  }

  /**
   * Pending invitations of a workspace, oldest first (expired ones are dropped on the way). One
   * whose inviter can no longer grant its role is left out (it does not work, see
   * {@link forJoining}) but kept: it works again if they regain the role.
   */
  pendingOf(workspaceId: string): InvitationRecord[] {
    const now = this.ctx.clock.now();
    const workspace = this.ctx.tables.workspaces.get(workspaceId);
    const pending: InvitationRecord[] = [];
    for (const invitation of [...this.ctx.tables.invitations.values()]) {
      if (invitation.workspaceId !== workspaceId) continue;
      if (invitation.expiresAt <= now) this.remove(invitation);
      else if (canGrant(workspace?.members.get(invitation.invitedBy), invitation.role)) pending.push(invitation);
    }
    return pending;
  }

  /**
   * The invitation `token` names, for `joinWorkspace` by `user`: undefined when no invitation has
   * it (the token may be an invite link's). Refuses an expired one, one sent to another address,
   * and, for a user not in the workspace yet, one whose inviter can no longer grant its role and
   * one the workspace's join domains refuse (see join-rules.ts).
   */
  forJoining(token: string, user: UserRecord): InvitationRecord | undefined {
    const id = this.ctx.tables.invitationsByToken.get(token);
    const invitation = id === undefined ? undefined : this.ctx.tables.invitations.get(id);
    if (!invitation) return undefined;
    if (invitation.expiresAt <= this.ctx.clock.now()) throw badInput('this invitation has expired; ask for a new one', 'token');
    if (invitation.email !== user.email) throw forbidden(`this invitation was sent to ${invitation.email}; sign in with that address to use it`);
    const workspace = this.ctx.tables.workspaces.get(invitation.workspaceId)!;
    if (!workspace.members.has(user.id)) {
      checkGranter(workspace, invitation.invitedBy, invitation.role, 'invitation');
      checkJoinDomain(workspace, user);
    }
    return invitation;
  }

  /** Drops every pending invitation of `email` to the workspace (it has been used). */
  dropPending(workspaceId: string, email: string): void {
    for (const invitation of [...this.ctx.tables.invitations.values()]) {
      if (invitation.workspaceId === workspaceId && invitation.email === email) this.remove(invitation);
    }
  }

  /**
   * `workspaceInviteLinkInfo`: owners and admins; the newest link that still works (not expired,
   * its creator can still grant its role), or null.
   */
  currentLink(workspaceId: string, userId: string): { link: InviteLinkRecord; workspace: WorkspaceRecord } | null {
    const { workspace, member } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can see the invite link');
    const now = this.ctx.clock.now();
    let current: InviteLinkRecord | null = null;
    for (const link of this.ctx.tables.inviteLinks.values()) {
      if (link.workspaceId !== workspaceId || link.expiresAt <= now || !canGrant(workspace.members.get(link.createdBy), link.role)) continue;
      if (current === null || link.createdAt >= current.createdAt) current = link;
    }
    return current === null ? null : { link: current, workspace };
  }

  /**
   * `setWorkspaceJoinEmailDomains`: owners and admins. Domains are trimmed, lower-cased, freed of
   * a leading `@`, checked and de-duplicated; an empty list lets anyone with a link join.
   */
  setJoinEmailDomains(workspaceId: string, domains: readonly string[], userId: string): string[] {
    const { workspace, member } = this.ctx.access.workspaceOfMember(workspaceId, userId, 'input.workspaceId');
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can restrict joining');
    if (domains.length > invitationRules.maxDomains) {
      throw badInput(`input.domains may hold at most ${invitationRules.maxDomains} domains, but has ${domains.length}`, 'input.domains');
    }
    const normalised = domains.map((domain, index) => {
      const value = domain.trim().toLowerCase().replace(/^@/, '');
      if (!DOMAIN.test(value)) throw badInput(`input.domains[${index}] must be a domain such as acme.test, but got ${quote(domain)}`, `input.domains[${index}]`);
      return value;
    });
    const now = this.ctx.clock.now();
    const joinEmailDomains = [...new Set(normalised)];
    this.ctx.tables.workspaces.update(workspace.id, (draft) => {
      draft.joinEmailDomains = joinEmailDomains;
      draft.updatedAt = now;
    });
    return [...joinEmailDomains];
  }

  private checkChannel(workspace: WorkspaceRecord, conversationId: string, userId: string, argument: string): void {
    requireId(conversationId, argument);
    const conversation = this.conversations.find(conversationId);
    if (!conversation || conversation.workspaceId !== workspace.id) throw notFound(`no conversation ${conversationId} in this workspace`, argument);
    if (conversation.type !== 'CHANNEL') throw badInput(`${argument} must be a channel, not a direct conversation`, argument);
    if (!conversation.members.has(userId)) throw forbidden('you can only invite people into channels you are in');
  }

  private mail(invitation: InvitationRecord, workspace: WorkspaceRecord, inviter: UserRecord, message: string | null): void {
    const note = message === null ? '' : ` They wrote: "${message}".`;
    this.outbox.send({
      to: invitation.email,
      subject: `${inviter.displayName} invited you to ${workspace.name} on Parley`,
      text: `${inviter.displayName} invited you to join ${workspace.name} as ${invitation.role}.${note} Sign in with ${invitation.email} and call joinWorkspace(token: "${invitation.token}"). The invitation works for 7 days.`,
      token: invitation.token,
      link: null,
    });
  }

  private remove(invitation: InvitationRecord): void {
    this.ctx.tables.invitations.delete(invitation.id);
    this.ctx.tables.invitationsByToken.delete(invitation.token);
  }
}
