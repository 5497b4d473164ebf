import type { PasswordHash } from '../state/accounts/records.js';
import type { WorkspaceRole } from '../state/workspaces/records.js';

/**
 * The demo logins: the password every demo account has, its hash, and the four named accounts.
 * A module of its own, so what only needs the password (a fixtures file's default, the CLI's
 * start-up line) does not load the demo data.
 */

/**
 * The scrypt hash of {@link DEMO_PASSWORD} (N = 16384, r = 8, p = 1, 32 bytes) under a fixed salt,
 * computed once rather than at every start: hashing is a large share of the start-up budget
 * (docs/benchmarks.md, "Start-up"). The password is public, so a fixed salt gives nothing away; a test checks the hash.
 */
export const DEMO_PASSWORD_HASH: PasswordHash = { salt: 'cGFybGV5LWRlbW8tc2FsdA==', hash: 'DvCjxW62q8XYUmvmO1k2QRRD5tGtIDe+ytopfh0PyWc=' };

/** The password of every demo account. */
export const DEMO_PASSWORD = 'parley-demo';

/** The four named demo accounts; the README lists them. */
export const DEMO_USERS = [
  { username: 'alice', displayName: 'Alice Martin', role: 'OWNER' },
  { username: 'bob', displayName: 'Bob Nguyen', role: 'ADMIN' },
  { username: 'carol', displayName: 'Carol Diaz', role: 'MEMBER' },
  { username: 'dave', displayName: 'Dave Okafor', role: 'GUEST' },
] as const satisfies readonly { username: string; displayName: string; role: WorkspaceRole }[];
