import type { ExecutionArgs, ExecutionResult } from 'graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Runtime } from '../runtime.js';
import { clientCodeOf } from '../../engine/format-error.js';
import type { JournalCaller, JournalTransport } from './journal.js';

/** The error codes of an answer without errors (one shared empty list). */
export const NO_CODES: readonly string[] = [];

/**
 * The caller of a request, when its token names someone. A request that resolved its caller
 * during execution pays one map lookup; one with a token it never read pays the session lookup.
 */
export function callerOf(context: GraphQLContext): JournalCaller | null {
  if (context.authorization === null) return null;
  let id: string;
  try {
    id = context.userId();
  } catch {
    return null; // a token that names no one: the request was answered UNAUTHENTICATED or needed none
  }
  return { id, username: context.state.users.find(id)?.username ?? null };
}

/** `extensions.code` of every error in a JSON answer (read only for answers that have errors). */
export function errorCodesOfBody(body: string | null): readonly string[] {
  if (body === null) return NO_CODES;
  try {
    const parsed = JSON.parse(body) as { errors?: { extensions?: { code?: unknown } }[] };
    return (parsed.errors ?? []).map((error) => String(error.extensions?.code ?? ''));
  } catch {
    return NO_CODES;
  }
}

/** Monotonic milliseconds for durations (`performance` exists in Node and in browsers). */
export const elapsedSince = (startedAt: number): number => performance.now() - startedAt;

/**
 * Runs one query or mutation of a door that has no HTTP status (the WebSocket door) and records
 * it in the runtime's journal: the one call such a door makes, in place of `runtime.execute(args)`.
 */
export async function journaledExecute(runtime: Runtime, transport: JournalTransport, args: ExecutionArgs): Promise<ExecutionResult> {
  const at = runtime.state.clock.now();
  const startedAt = performance.now();
  const result = await runtime.execute(args);
  const context = args.contextValue as GraphQLContext;
  runtime.journal.record({
    at,
    transport,
    schema: runtime.schema,
    document: args.document,
    operationName: args.operationName ?? null,
    variables: args.variableValues ?? null,
    caller: callerOf(context),
    status: null,
    durationMs: elapsedSince(startedAt),
    errorCodes: result.errors ? result.errors.map((error) => clientCodeOf(error)) : NO_CODES,
  });
  return result;
}
