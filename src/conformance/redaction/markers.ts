import { secretFieldStems } from './secret-fields.js';

/**
 * The markers that stand for secrets in a report. Each is a shell variable, so a curl line that
 * carries one still runs once the variable is set (`export TOKEN_A=...`):
 *
 * - an actor's own: `$TOKEN_A` (access token), `$REFRESH_TOKEN_A`, `$PASSWORD_A`;
 * - one a check obtained, named by the check: `$TOKEN_A_REFRESHED`;
 * - a value of a field the contract calls secret that the run did not know: the field's stem and
 *   a number, `$ACCESS_TOKEN_1`, `$PASSWORD_1`, `$INVITE_TOKEN_2`;
 * - anything else found where secrets go (a `?token=` in a URL, a `connection_init` payload):
 *   `$SECRET_1`.
 *
 * Only these stems are markers, so text that merely has a `$` (a message that reads `$HOME`,
 * a GraphQL variable `$id`) is never taken for one.
 */
export const markerStems: readonly string[] = [...new Set(['TOKEN', 'REFRESH_TOKEN', 'PASSWORD', 'SECRET', ...secretFieldStems])]
  // Longest first, so the alternation never stops at a shorter stem that starts a longer one.
  .sort((x, y) => y.length - x.length);

const name = `(?:${markerStems.join('|')})_[A-Za-z0-9_]+`;

/**
 * A marker in text: `$` and a variable name, matched greedily like bash's own reading of
 * `$NAME`, so both agree on where the name ends. Global: use with `matchAll`, `split`, `replace`.
 */
export const markerPattern = new RegExp(`\\$${name}`, 'g');

const variableName = new RegExp(`^${name}$`);

/** Whether `variable` (without the `$`) is a name a marker may have. */
export function isMarkerName(variable: string): boolean {
  return variableName.test(variable);
}

/** The distinct variable names (without `$`) of the markers in `text`, in the order they first appear. */
export function markersIn(text: string): string[] {
  return [...new Set([...text.matchAll(markerPattern)].map((match) => match[0].slice(1)))];
}
