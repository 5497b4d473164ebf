import type { UserRecord } from '../../state/accounts/records.js';
import type { SignedIn } from '../../state/accounts/users.js';
import type { AuthPayload, UserProfile } from '../generated/resolvers-types.js';

export function userProfileView(user: UserRecord): UserProfile {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    avatarUrl: user.avatarUrl,
  };
}

export function authPayloadView({ user, tokens }: SignedIn): AuthPayload {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: userProfileView(user) };
}
