import type { Credential, Target } from '../target.js';
import { compareIntrospection, type SignatureSource } from './comparison.js';
import { INTROSPECTION_QUERY, introspectionIn, SchemaUnreadable } from './schema-source.js';

function firstError(body: unknown): string | null {
  const errors = body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const message = first !== null && typeof first === 'object' ? (first as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : null;
}

/**
 * Introspects the target (as `as`, since the spec does not say whether introspection needs a
 * token) and compares it with the contract. A server that does not answer the introspection
 * query has it disabled: the signature checks are skipped, and say how to give the schema instead.
 */
export async function introspectTarget(target: Target, as: Credential | null): Promise<SignatureSource> {
  const exchange = await target.graphql(INTROSPECTION_QUERY, undefined, as);
  let body: unknown;
  try {
    body = JSON.parse(exchange.response.body);
  } catch {
    body = undefined;
  }
  const result = introspectionIn(body);
  const hint = 'give the server\'s schema with --schema FILE (SDL or an introspection result) to check the signatures, or leave them out with --skip "signatures.*"';
  if (!result) {
    const said = firstError(body);
    return { available: false, reason: `introspection is disabled on ${target.graphqlUrl} (HTTP ${exchange.response.status}${said ? `: ${JSON.stringify(said.slice(0, 120))}` : ''}); ${hint}` };
  }
  try {
    return { available: true, comparison: await compareIntrospection(result, `the introspection of ${target.graphqlUrl}`) };
  } catch (error) {
    if (error instanceof SchemaUnreadable) return { available: false, reason: `${error.message}; ${hint}` };
    throw error;
  }
}
