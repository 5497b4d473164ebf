import type { UserRecord } from '../../state/accounts/records.js';
import type { SignedIn } from '../../state/accounts/users.js';
import type { AuthPayload, UserProfile } from '../generated/resolvers-types.js';
import { avatarUrl } from './urls.js';

/**
 * What a view shows of a user it names by id (a member, an uploader, an actor, an inviter): the
 * resolver gives it, from the accounts service, so a view reads no table.
 */
export interface UserLookups {
  /** The account with this id, if there is one. */
  user(id: string): UserRecord | undefined;
}

export function userProfileView(user: UserRecord, publicOrigin: string): UserProfile {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    avatarUrl: avatarUrl(publicOrigin, user),
  };
}

export function authPayloadView({ user, tokens }: SignedIn, publicOrigin: string): AuthPayload {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: userProfileView(user, publicOrigin) };
}
