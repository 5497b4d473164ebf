import { getOperationAST, GraphQLError, Kind, type ExecutionResult } from 'graphql';
import type { Response as HandlerResponse } from 'graphql-http';
import { ErrorCode } from '../../../schema/error-codes.js';
import type { Clock } from '../../state/clock.js';
import type { OperationArgs } from '../../engine/engine.js';
import type { Runtime } from '../runtime.js';
import { payloadTooLarge } from '../../engine/payload-too-large.js';

/** Codes the engine gives before execution: graphql-http answers them as request errors (400 or 200 by `Accept`). */
const REQUEST_CODES = new Set<string>([ErrorCode.GRAPHQL_PARSE_FAILED, ErrorCode.GRAPHQL_VALIDATION_FAILED, ErrorCode.QUERY_TOO_COMPLEX, ErrorCode.BAD_REQUEST]);

function wait(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimer(clock.now() + ms, resolve);
  });
}

/**
 * Applies chaos to one query or mutation whose arguments the engine accepted: waits the drawn
 * latency on the state's clock (a ManualClock test advances it, no sleep), then answers a
 * drawn failure as the HTTP door answers that code, without running the operation (the state is
 * never touched):
 * - a request code (`BAD_REQUEST`, `GRAPHQL_*`, `QUERY_TOO_COMPLEX`): request errors, no `data`;
 * - `PAYLOAD_TOO_LARGE`: HTTP 413 with the error, as the door's body limit;
 * - any other code: an execution error at the first root field, `data: null`, status 200, as a
 *   resolver's refusal.
 * Undefined when the operation goes on as usual. Subscriptions are left alone.
 */
export async function chaosAnswer(runtime: Runtime, args: OperationArgs): Promise<ExecutionResult | readonly GraphQLError[] | HandlerResponse | undefined> {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || operation.operation === 'subscription') return undefined;
  const name = operation.name?.value;
  const plan = runtime.chaos.plan(name);
  if (!plan) return undefined;
  if (plan.delayMs > 0) await wait(runtime.state.clock, plan.delayMs);
  if (plan.failure === null) return undefined;
  const code = plan.failure;
  const message = `${name ?? 'the operation'} failed with ${code}: injected by chaos (see /dev/chaos)`;
  if (REQUEST_CODES.has(code)) return [new GraphQLError(message, { extensions: { code } })];
  if (code === ErrorCode.PAYLOAD_TOO_LARGE) return payloadTooLarge(message);
  const field = operation.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
  const path = field?.kind === Kind.FIELD ? [field.alias?.value ?? field.name.value] : undefined;
  return { errors: [new GraphQLError(message, { nodes: field, path, extensions: { code } })], data: null };
}
