import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';

/**
 * What one request may ask of the server. Every limit refuses with a clear code and names the
 * `parley mock serve` flag that raises it. Introspection is exempt from depth and cost, so
 * GraphiQL and codegen keep working.
 */
export interface QueryLimits {
  /** Largest request body in bytes (HTTP 413, PAYLOAD_TOO_LARGE). @default 1048576 (1 MiB) */
  readonly maxBodyBytes: number;
  /** Most tokens in a document, checked while parsing. @default 5000 */
  readonly maxTokens: number;
  /**
   * Deepest bracket nesting of a document (selections, list and object literals, arguments) and
   * of the variables (arrays and objects), measured before parsing, so that no recursive step
   * (parser, validation, coercion, journal) can overflow the stack. @default 64
   */
  readonly maxNesting: number;
  /** Deepest field nesting of an operation. @default 10 */
  readonly maxDepth: number;
  /** Most aliases in an operation (`__typename` aliases are free). @default 30 */
  readonly maxAliases: number;
  /** Most directives in an operation. @default 50 */
  readonly maxDirectives: number;
  /** Highest cost of an operation: objects 2, scalars 1, times 1.5 per level of depth. @default 5000 */
  readonly maxCost: number;
  /**
   * Largest answer, in bytes of JSON (UTF-8), of one operation or subscription event, through
   * every door. A larger one is not sent: RESPONSE_TOO_LARGE, `data` null. Measured as it is
   * serialized, so a short document over large strings cannot ask for megabytes.
   * @default 8388608 (8 MiB)
   */
  readonly maxResponseBytes: number;
}

export const defaultLimits: QueryLimits = {
  maxBodyBytes: 1024 * 1024,
  maxTokens: 5000,
  maxNesting: 64,
  maxDepth: 10,
  maxAliases: 30,
  maxDirectives: 50,
  maxCost: 5000,
  maxResponseBytes: 8 * 1024 * 1024,
};

/** The CLI flag of each limit, named in refusals so the fix is one copy-paste away. */
export const limitFlags: Record<keyof QueryLimits, string> = {
  maxBodyBytes: '--max-body-bytes',
  maxTokens: '--max-tokens',
  maxNesting: '--max-nesting',
  maxDepth: '--max-depth',
  maxAliases: '--max-aliases',
  maxDirectives: '--max-directives',
  maxCost: '--max-cost',
  maxResponseBytes: '--max-response-bytes',
};

/** A QUERY_TOO_COMPLEX refusal whose message ends with the flag that raises `limit`. */
export function tooComplex(message: string, limit: keyof QueryLimits): GraphQLError {
  return new GraphQLError(`${message} Raise the limit with ${limitFlags[limit]}.`, {
    extensions: { code: ErrorCode.QUERY_TOO_COMPLEX },
  });
}

/**
 * graphql-armor's validation rules, set to report through the validation context (so a refusal
 * is an ordinary validation error with its own code) instead of throwing out of `validate`.
 */
export function limitRules(limits: QueryLimits): ValidationRule[] {
  const report = (limit: keyof QueryLimits) => ({
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, ''), limit)),
    ],
  });
  return [
    maxDepthRule({ n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...report('maxDepth') }),
    maxAliasesRule({ n: limits.maxAliases, ...report('maxAliases') }),
    maxDirectivesRule({ n: limits.maxDirectives, ...report('maxDirectives') }),
    costLimitRule({ maxCost: limits.maxCost, ignoreIntrospection: true, flattenFragments: true, ...report('maxCost') }),
  ];
}
