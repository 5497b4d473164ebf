import type { CheckFailure } from './check.js';
import type { CheckResult, Exchange } from './types.js';

/** What a failed {@link CheckResult} takes from a {@link CheckFailure}. */
export type FailedFields = Pick<CheckResult, 'reason' | 'expected' | 'comparedWith' | 'case' | 'failedExchange'> & { readonly outcome: 'failed' };

/**
 * The result fields of `failure`, with the exchange it names found among the check's `exchanges`.
 * Found by identity, since two requests of a check may be byte-identical (a retried page) yet only
 * one of them failed; an exchange the check did not record is not named, so a report never
 * points at a request that is not in it.
 */
export function failedWith(failure: CheckFailure, exchanges: readonly Exchange[]): FailedFields {
  const index = failure.exchange === undefined ? -1 : exchanges.indexOf(failure.exchange);
  return {
    outcome: 'failed',
    reason: failure.reason,
    expected: failure.expected,
    ...(failure.comparedWith !== undefined ? { comparedWith: failure.comparedWith } : {}),
    ...(failure.case !== undefined ? { case: failure.case } : {}),
    ...(index >= 0 ? { failedExchange: index } : {}),
  };
}
