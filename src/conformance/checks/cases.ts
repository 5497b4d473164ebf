import { CheckFailure } from '../check.js';

/**
 * Runs one case of a check that tries several (`the deleted anchor`, `first 101`): a failure
 * inside it is said of `label`, so the report names the case and not only the rule.
 *
 * @example
 * for (const [label, authorization] of schemes) await inCase(label, async () => expectRefused(await ctx.graphql(...), ...));
 */
export async function inCase<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof CheckFailure ? error.inCase(label) : error;
  }
}
