import type { JWTPayload } from 'jose';
import { ErrorCode } from '../../../schema/error-codes.js';
import { badInput, DomainError } from '../errors.js';
import { quote } from '../input.js';
import type { SocialProvider } from './records.js';
import { importModule, lazy } from '../lazy.js';
import { emailKey } from '../emails.js';
import { isVisibleText } from '../visible-text.js';

/** jose's two decoders, from their subpaths (the package root loads all of jose), on first use. */
export const loadJwtDecoders = lazy(async () => {
  const [{ decodeJwt }, { decodeProtectedHeader }] = await Promise.all([
    importModule('jose/jwt/decode', () => import('jose/jwt/decode')),
    importModule('jose/decode/protected_header', () => import('jose/decode/protected_header')),
  ]);
  return { decodeJwt, decodeProtectedHeader };
});
export type JwtDecoders = Awaited<ReturnType<typeof loadJwtDecoders>>;

/**
 * The issuer (`iss`) of each provider's mock identity tokens. `.test` is reserved (RFC 2606), so
 * no real provider can ever have these.
 */
export const socialIssuers: Readonly<Record<SocialProvider, string>> = {
  IDP_ONE: 'https://idp-one.parley.test',
  IDP_TWO: 'https://idp-two.parley.test',
};

/** Longer tokens are refused unread; real ID tokens are 1 to 2 KiB. */
const TOKEN_MAX = 8192;
/** The same address rule as `register` (users.ts). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;
/** The last second a JavaScript Date can show, so an `exp` always prints. */
const EXP_MAX = 8_640_000_000_000;

/** What a valid mock identity token says. */
export interface SocialClaims {
  readonly provider: SocialProvider;
  /** `sub`, or the email when the token has none: the identity's stable key at the provider. */
  readonly subject: string;
  /** Lower-cased. */
  readonly email: string;
  readonly emailVerified: boolean;
  /** `name`, when the token has one. */
  readonly name: string | null;
}

/**
 * Reads a mock identity token sent in `field` for `provider`, as at time `now` (epoch ms).
 *
 * The form: an unsecured JWT (RFC 7519 6.1), `base64url(header).base64url(payload).` with the
 * header `{"alg":"none"}` and an empty signature, whose payload has `iss` (one of
 * {@link socialIssuers}), `email`, `exp` (seconds since the epoch), and optionally `sub`, `name`
 * and `email_verified` (true or false, or the strings "true"/"false" as one well-known provider
 * sends). Unsigned because the mock holds no provider's keys: it could not check a signature, and
 * accepting one unchecked would pretend it had.
 *
 * Refusals: BAD_USER_INPUT (`field`) for a token of the wrong form; UNAUTHENTICATED (`field`) for a
 * well-formed token that does not prove an identity here: another provider's or an unknown issuer,
 * or expired.
 */
export function readSocialToken(token: string, field: string, provider: SocialProvider, now: number, { decodeJwt, decodeProtectedHeader }: JwtDecoders): SocialClaims {
  const malformed = (why: string) => badInput(`${field} is not a mock identity token: ${why} (see docs/mock-behaviour.md, OAuth and social sign-in)`, field);
  if (token.length === 0) throw malformed('it is empty');
  if (token.length > TOKEN_MAX) throw malformed(`it has ${token.length} characters, more than ${TOKEN_MAX}`);
  let alg: unknown;
  let payload: JWTPayload;
  try {
    alg = decodeProtectedHeader(token).alg;
    payload = decodeJwt(token);
  } catch (error) {
    // The decoders throw only for input they cannot read: jose's JWTInvalid, or a TypeError.
    throw malformed(`it is not a compact JWT (${error instanceof Error ? error.message : 'unreadable'})`);
  }
  if (alg !== 'none') {
    throw malformed(`its header must say "alg": "none", but says ${quote(String(alg))}: the mock holds no provider keys, so it takes only unsigned tokens`);
  }
  if (!token.endsWith('.')) throw malformed('an unsigned token has an empty signature: it ends with the second dot');

  const { iss, email, exp, sub, name } = payload;
  if (typeof iss !== 'string') throw malformed('its payload has no "iss" string');
  if (typeof email !== 'string' || email.length > EMAIL_MAX || !EMAIL.test(emailKey(email)) || !isVisibleText(email)) {
    throw malformed('its payload has no "email" that is an email address');
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp < 0 || exp > EXP_MAX) {
    throw malformed('its payload has no "exp", the expiry in seconds since the epoch');
  }
  if (sub !== undefined && (typeof sub !== 'string' || sub.length === 0 || sub.length > 255)) {
    throw malformed('its "sub" must be a string of 1 to 255 characters');
  }
  if (name !== undefined && typeof name !== 'string') throw malformed('its "name" must be a string');
  const emailVerified = readVerified(payload['email_verified']);
  if (emailVerified === undefined) throw malformed('its "email_verified" must be true or false');

  const refuse = (why: string) => new DomainError(ErrorCode.UNAUTHENTICATED, `${field} does not sign anyone in: ${why}`, field);
  const issuedBy = (Object.keys(socialIssuers) as SocialProvider[]).find((candidate) => socialIssuers[candidate] === iss);
  if (issuedBy === undefined) {
    throw refuse(`its issuer ${quote(iss)} is not a provider the mock knows (IDP_ONE is ${socialIssuers.IDP_ONE}, IDP_TWO is ${socialIssuers.IDP_TWO})`);
  }
  if (issuedBy !== provider) throw refuse(`it was issued by ${issuedBy} (${iss}), but was sent for ${provider}`);
  if (exp * 1000 <= now) throw refuse(`it expired at ${new Date(exp * 1000).toISOString()}`);

  const lowered = emailKey(email);
  return { provider, subject: sub ?? lowered, email: lowered, emailVerified, name: name ?? null };
}

/** `email_verified` as a boolean: absent is false; undefined when it is neither. */
function readVerified(value: unknown): boolean | undefined {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  return undefined;
}
