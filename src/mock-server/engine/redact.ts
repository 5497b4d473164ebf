/** What a secret's value becomes in the request journal. */
export const REDACTED = '[redacted]';

/**
 * Keys whose values the journal never shows, at any depth of the variables (a variable's own
 * name, or a field of an input object): passwords (`password`, `newPassword`, ...), every token
 * (`token`, `accessToken`, `refreshToken`, `idpTwoIdToken`, ...), secrets, PKCE verifiers,
 * authorization values and codes (`idpOneAuthorizationCode`), API keys, and an OAuth `code`.
 * Matched case-insensitively; a variable that holds a secret under another name (`$p`) is not
 * recognised, so name secrets after what they are.
 */
export const SECRET_KEY = /password|passwd|token|secret|verifier|authorization|api_?key|^code$/i;

/** A copy of `value` with the value of every {@link SECRET_KEY} key replaced by {@link REDACTED}. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(inner);
  return copy;
}
