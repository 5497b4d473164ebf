import { execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

/** The results one event produced, per subscription shape (document, operation and variables). */
const resultsOf = new WeakMap<object, Map<string, Promise<ExecutionResult> | ExecutionResult>>();

/**
 * The result of running a subscription's selection over one event, computed once per event and
 * shape however many subscribers share them: a thousand members subscribed with the same query
 * cost one execution per message, not a thousand. `finish` applies to it once (the engine's
 * answer size limit).
 *
 * This holds because no field under a subscription depends on who receives it: payloads are views
 * of the event alone (conversation subscriptions are scoped by membership when they start, and an
 * event meant for one subscriber, such as the end of a membership, is a fresh object per
 * subscriber). A payload field that looked at the viewer would have to leave this cache.
 */
export function sharedEventResult(
  event: unknown,
  shape: string,
  args: ExecutionArgs,
  finish: (result: ExecutionResult) => ExecutionResult,
): Promise<ExecutionResult> | ExecutionResult {
  const run = (): Promise<ExecutionResult> | ExecutionResult => {
    const result = execute({ ...args, rootValue: event });
    return result instanceof Promise ? result.then(finish) : finish(result);
  };
  if (event === null || typeof event !== 'object') return run();
  let byShape = resultsOf.get(event);
  if (!byShape) resultsOf.set(event, (byShape = new Map()));
  let result = byShape.get(shape);
  if (result === undefined) {
    result = run();
    byShape.set(shape, result);
  }
  return result;
}

/**
 * `source` with each event turned into its result. A plain iterator rather than an async
 * generator: `return()` must reach the source at once, even while it waits for an event (an
 * async generator would queue the return until the next event, and an idle subscription would
 * never let go of its listener).
 */
export function mapEvents(
  source: AsyncIterator<unknown> & AsyncIterable<unknown>,
  toResult: (event: unknown) => Promise<ExecutionResult> | ExecutionResult,
): AsyncGenerator<ExecutionResult, void, void> {
  const settle = async (step: IteratorResult<unknown>): Promise<IteratorResult<ExecutionResult, void>> =>
    step.done ? { done: true, value: undefined } : { done: false, value: await toResult(step.value) };
  const results: AsyncGenerator<ExecutionResult, void, void> = {
    next: () => source.next().then(settle),
    return: async () => {
      await source.return?.();
      return { done: true, value: undefined };
    },
    throw: async (error: unknown) => {
      if (source.throw) return source.throw(error).then(settle);
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return results;
    },
  };
  return results;
}
