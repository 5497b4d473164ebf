import {
  execute,
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { ErrorCode } from '../../schema/error-codes.js';
import { createContext, type GraphQLContext } from '../graphql/context.js';
import type { MockState } from '../state/mock-state.js';
import { formatError, logBugToStderr, type BugLogger } from './format-error.js';

export interface EngineOptions {
  readonly schema: GraphQLSchema;
  readonly state: MockState;
  /**
   * How many distinct query texts keep their parsed and validated document. Bounded, so a
   * flood of distinct documents cannot exhaust memory.
   * @default 1000
   */
  readonly documentCacheSize?: number;
  /** Validation rules added to graphql-js's specified rules. @default [] */
  readonly validationRules?: readonly ValidationRule[];
  /** Where bugs hidden from clients are reported. @default logs to stderr with the stack */
  readonly logBug?: BugLogger;
}

/** One GraphQL operation, as any door receives it. */
export interface OperationRequest {
  readonly query: string;
  readonly variables?: Readonly<Record<string, unknown>> | null;
  readonly operationName?: string | null;
  /** The `Authorization` value (`Bearer <token>`), if the request carried one. */
  readonly authorization?: string | null;
  /** Origin under which the server is reached, for URLs it hands out. */
  readonly publicOrigin: string;
}

/** graphql-js execution arguments with the mock's context. */
export type OperationArgs = ExecutionArgs & { contextValue: GraphQLContext };

type PreparedDocument =
  | { readonly document: DocumentNode; readonly errors?: undefined }
  | { readonly document?: undefined; readonly errors: readonly GraphQLError[] };

/**
 * The transport-free core every door shares (DESIGN.md, "One engine, three doors"): it resolves
 * the caller from the token, parses and validates each distinct query text once, executes, and
 * shapes errors once. A door (HTTP, WebSocket, MSW) only translates its transport.
 */
export class Engine {
  readonly schema: GraphQLSchema;
  readonly state: MockState;
  private readonly documents: LRUCache<string, PreparedDocument>;
  private readonly rules: readonly ValidationRule[];
  private readonly logBug: BugLogger;

  constructor(options: EngineOptions) {
    this.schema = options.schema;
    this.state = options.state;
    this.documents = new LRUCache({ max: options.documentCacheSize ?? 1000 });
    this.rules = [...specifiedRules, ...(options.validationRules ?? [])];
    this.logBug = options.logBug ?? logBugToStderr;
  }

  /** Parses and validates `query`, from the cache when this text was seen before. */
  prepareDocument(query: string): PreparedDocument {
    const cached = this.documents.get(query);
    if (cached) return cached;
    let prepared: PreparedDocument;
    try {
      const document = parse(query);
      const errors = validate(this.schema, document, this.rules);
      prepared = errors.length > 0 ? { errors: errors.map(withCode(ErrorCode.GRAPHQL_VALIDATION_FAILED)) } : { document };
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      prepared = { errors: [withCode(ErrorCode.GRAPHQL_PARSE_FAILED)(error)] };
    }
    this.documents.set(query, prepared);
    return prepared;
  }

  /** Everything execution needs, or the request errors that stop it before execution. */
  operationArgs(request: OperationRequest): OperationArgs | readonly GraphQLError[] {
    const prepared = this.prepareDocument(request.query);
    if (prepared.errors) return prepared.errors;
    if (!getOperationAST(prepared.document, request.operationName)) {
      const reason = request.operationName
        ? `the document has no operation named ${JSON.stringify(request.operationName)}`
        : 'the document has several operations: name the one to run with operationName';
      return [new GraphQLError(reason, { extensions: { code: ErrorCode.BAD_REQUEST } })];
    }
    return {
      schema: this.schema,
      document: prepared.document,
      operationName: request.operationName ?? undefined,
      variableValues: request.variables ?? undefined,
      contextValue: createContext(this.state, request.authorization ?? null, request.publicOrigin),
    };
  }

  /** Executes prepared arguments (errors still unformatted: doors format through {@link formatError}). */
  execute(args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult {
    return execute(args);
  }

  /** Shapes one error for a client; see `format-error.ts`. */
  readonly formatError = (error: Readonly<GraphQLError | Error>): GraphQLError => formatError(error, this.logBug);

  /**
   * Runs one query or mutation end to end and returns a result with formatted errors: the entry
   * point for doors that do not bring their own GraphQL-over-HTTP handling.
   */
  async run(request: OperationRequest): Promise<ExecutionResult> {
    const args = this.operationArgs(request);
    if (!('schema' in args)) return { errors: args.map(this.formatError) };
    if (getOperationAST(args.document, args.operationName)!.operation === 'subscription') {
      return { errors: [this.formatError(new GraphQLError('subscriptions are served over WebSocket', { extensions: { code: ErrorCode.BAD_REQUEST } }))] };
    }
    const result = await this.execute(args);
    return result.errors ? { ...result, errors: result.errors.map(this.formatError) } : result;
  }
}

function withCode(code: ErrorCode): (error: GraphQLError) => GraphQLError {
  return (error) =>
    new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { ...error.extensions, code },
    });
}
