import { copy, fill, list, same, type AreaCodec } from '../snapshot/codec.js';
import type { SavedAccountTables } from './snapshot-schema.js';
import type { AccountTables } from './tables.js';

/** The accounts area's tables in a snapshot: records copied, indexes as they are. */
export const accountsSnapshot: AreaCodec<AccountTables, SavedAccountTables> = {
  save: (tables) => ({
    users: list(tables.users, copy),
    usersByEmail: list(tables.usersByEmail, same),
    usersByUsername: list(tables.usersByUsername, same),
    verificationTokens: list(tables.verificationTokens, copy),
    oauthRequests: list(tables.oauthRequests, copy),
    oauthCodes: list(tables.oauthCodes, copy),
    socialIdentities: list(tables.socialIdentities, copy),
  }),
  load: (saved, tables) => {
    fill(tables.users, saved.users, (user) => ({ ...user, password: user.password && copy(user.password), twoFactor: user.twoFactor && copy(user.twoFactor) }));
    fill(tables.usersByEmail, saved.usersByEmail, same);
    fill(tables.usersByUsername, saved.usersByUsername, same);
    fill(tables.verificationTokens, saved.verificationTokens, copy);
    fill(tables.oauthRequests, saved.oauthRequests, copy);
    fill(tables.oauthCodes, saved.oauthCodes, copy);
    fill(tables.socialIdentities, saved.socialIdentities, copy);
  },
};
