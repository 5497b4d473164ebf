import { copy, fill, row, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { SavedAccountTables } from './snapshot-schema.js';
import type { AccountTables } from './tables.js';

const rows: RowCodecs<AccountTables, SavedAccountTables> = {
  users: row(copy),
  usersByEmail: row(same),
  usersByUsername: row(same),
  verificationTokens: row(copy),
  oauthRequests: row(copy),
  oauthCodes: row(copy),
  socialIdentities: row(copy),
};

/** The accounts area's tables in a snapshot: records copied, indexes as they are. */
export const accountsSnapshot: AreaCodec<AccountTables, SavedAccountTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
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
