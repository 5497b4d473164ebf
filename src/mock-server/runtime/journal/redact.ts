/** What a secret's value becomes in the request journal. */
export const REDACTED = '[redacted]';

/**
 * Names whose values the journal never shows, at any depth of the variables (a variable's own
 * name, or a field of an input object): passwords (`password`, `newPassword`, ...), every token
 * (`token`, `accessToken`, `refreshToken`, `idpTwoIdToken`, ...), secrets, PKCE verifiers,
 * authorization values and codes (`idpOneAuthorizationCode`), API keys, and an OAuth `code`.
 * Matched case-insensitively. The same rule, applied to the schema's arguments and input fields,
 * lists the contract's secrets (`secret-coordinates.ts`), so a variable under another name (`$p`)
 * used for one of them is redacted too (`secret-variables.ts`).
 */
export const SECRET_KEY = /password|passwd|token|secret|verifier|authorization|api_?key|^code$/i;
