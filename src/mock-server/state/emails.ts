import { badInput } from './errors.js';
import { quote } from './input.js';
import { refuseHiddenCharacters } from './visible-text.js';

/** Longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** Something, an at sign, something with a dot: the mock checks shape, not deliverability. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form an e-mail address is stored and looked up in: NFKC (so full-width and other
 * compatibility look-alikes fold into the plain letters), trimmed, lower case. Every place an
 * address identifies an account (register, login, invitations, verification, OAuth approval,
 * social sign-in) compares this form, so two spellings of one address are one account.
 */
export function emailKey(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

/**
 * An address a client sends, as stored: refuses control, invisible and bidi control characters
 * (BAD_USER_INPUT naming `argument`: they make a second account display as the first), then
 * returns its {@link emailKey} once it has an address's shape and length.
 */
export function requireEmail(value: string, argument: string): string {
  refuseHiddenCharacters(value, argument, { joiners: false });
  const email = emailKey(value);
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) throw badInput(`${argument} must be an email address, but got ${quote(value)}`, argument);
  return email;
}
