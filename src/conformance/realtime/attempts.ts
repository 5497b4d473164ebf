/**
 * The record of a token-form probe (see `probe.ts`), apart from the probe itself: the checks
 * describe attempts without importing the WebSocket client (graphql-ws and ws), which would put
 * both on the start-up path of every `parley` command through the catalogue.
 */

/** One token form tried, and what became of it. */
export interface ProbeAttempt {
  readonly form: string;
  readonly outcome: 'refused' | 'silent' | 'delivered';
  /** One sentence: how the server refused, or what the subscription did. */
  readonly detail: string;
}

/** The attempts as lines, one per form: `- FORM: DETAIL`. */
export function describeAttempts(attempts: readonly ProbeAttempt[]): string {
  return attempts.map((attempt) => `- ${attempt.form}: ${attempt.detail}`).join('\n');
}
