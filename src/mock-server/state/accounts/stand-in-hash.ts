import type { PasswordHash } from './records.js';

/**
 * What `login` checks the password against when the e-mail names no account (or an account with
 * no password, signed up through a social provider): a hash in the stored format, so the hasher
 * runs the same scrypt, of the same cost, as for a wrong password. Without it an unknown e-mail
 * is answered far faster, which tells accounts apart (docs/mock-behaviour.md, "Safe defaults on a
 * developer's machine"; OWASP, "Authentication": respond in the same time). Random bytes that are no password's hash; and `login` refuses even
 * if one ever matched.
 */
export const STAND_IN_PASSWORD_HASH: PasswordHash = {
  salt: 'AT1yFj+VE+jlgEbMlogoBA==',
  hash: 'RadHuhsTnlGsimGYNfJ8VrDGgtnJCPC3SgizC3cRlpQ=',
};
