import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  createSourceEventStream,
  parse,
  print,
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
import { compileOperation, compilerLoaded, loadCompiler, type CompiledOperation } from './compile.js';
import { answerLowerBound, payloadFits, tooLargeAnswer } from './answer-size.js';
import { mapEvents, sharedEventResult } from './event-results.js';
import { formatError, logBugToStderr, type BugLogger } from './format-error.js';
import { documentWeight } from './document-weight.js';
import { defaultLimits, limitRules, tooComplex, type QueryLimits } from './limits.js';
import { documentNestsDeeperThan, valueNestsDeeperThan } from './nesting.js';
import { loneSurrogateIn, malformedUnicode } from './well-formed-text.js';

/**
 * How operations run.
 * - `adaptive`: graphql-js the first time a document is seen, graphql-jit from its second use on
 *   (compiling costs about as much as a few interpreted runs, so a one-off query never pays it).
 * - `compiled`: graphql-jit always. - `interpreted`: graphql-js always.
 * Results and errors are the same either way; the test suite runs on both paths.
 */
export type ExecutionMode = 'adaptive' | 'compiled' | 'interpreted';

export interface EngineOptions {
  readonly schema: GraphQLSchema;
  /** @default 'adaptive' */
  readonly execution?: ExecutionMode;
  /** Request limits (see {@link QueryLimits}). @default {@link defaultLimits} */
  readonly limits?: Partial<QueryLimits>;
  /**
   * How many distinct query texts keep their parsed and validated document (and compiled
   * operations). Bounded, so a flood of distinct documents cannot exhaust memory.
   * @default 1000
   */
  readonly documentCacheSize?: number;
  /**
   * How many bytes the cached documents may hold, estimated from each one's text and tokens (see
   * `document-weight.ts`); past it, or past `documentCacheSize`, the least recently used go. A
   * document estimated above it on its own is not cached. @default 33554432 (32 MiB)
   */
  readonly documentCacheBytes?: number;
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

interface PreparedDocument {
  readonly document?: DocumentNode;
  readonly errors?: readonly GraphQLError[];
  /** Executions so far, for the adaptive mode. */
  uses: number;
  /** Compiled operations by operation name ('' for the only one); null when jit cannot compile it. */
  readonly compiled: Map<string, CompiledOperation | null>;
  /** The heap bytes this entry is estimated to hold (see `document-weight.ts`). */
  readonly weight: number;
}

/** What the document cache holds now (for tests: counts and bytes, not timings). */
export interface DocumentCacheStats {
  readonly entries: number;
  /** The estimated heap bytes of the entries, at most `documentCacheBytes`. */
  readonly bytes: number;
}

/** The default of {@link EngineOptions.documentCacheBytes}. */
const DOCUMENT_CACHE_BYTES = 32 * 1024 * 1024;

/** graphql-js 16's message for a document over `maxTokens` (graphql/language/parser.js spells it "more that"). */
const TOKEN_LIMIT = /^Syntax Error: Document contains more th(?:an|at) \d+ tokens/;

/**
 * The executor every door shares through the runtime (`runtime/runtime.ts`; docs/architecture.md,
 * "One runtime, three doors"): over a state it is given, it resolves the caller from the token,
 * parses and validates each distinct query text once, executes (compiled where it pays), and
 * shapes errors once. It holds no state of the mock: which state is current, what changed, the
 * journal and chaos are the runtime's.
 */
export class Engine {
  readonly schema: GraphQLSchema;
  readonly limits: QueryLimits;
  readonly execution: ExecutionMode;
  private readonly documents: LRUCache<string, PreparedDocument>;
  /** From a cached document back to its cache entry, for `execute`. */
  private readonly byDocument = new WeakMap<DocumentNode, PreparedDocument>();
  /** Each answer executed, weighed before any door serializes it (see {@link weightOf}). */
  private readonly weights = new WeakMap<ExecutionResult, number>();
  private readonly rules: readonly ValidationRule[];
  /** Where bugs hidden from clients are reported (doors report theirs here too). */
  readonly logBug: BugLogger;

  constructor(options: EngineOptions) {
    this.schema = options.schema;
    this.limits = { ...defaultLimits, ...options.limits };
    this.execution = options.execution ?? 'adaptive';
    this.documents = new LRUCache({
      max: options.documentCacheSize ?? 1000,
      maxSize: options.documentCacheBytes ?? DOCUMENT_CACHE_BYTES,
      sizeCalculation: (prepared) => prepared.weight,
    });
    this.rules = [...specifiedRules, ...limitRules(this.limits)];
    this.logBug = options.logBug ?? logBugToStderr;
  }

  /** The entries of the document cache and their estimated bytes. */
  documentCacheStats(): DocumentCacheStats {
    return { entries: this.documents.size, bytes: this.documents.calculatedSize };
  }

  /** Parses and validates `query`, from the cache when this text was seen before. */
  private prepareDocument(query: string): PreparedDocument {
    const cached = this.documents.get(query);
    if (cached) return cached;
    const prepared: PreparedDocument = { ...this.parseAndValidate(query), uses: 0, compiled: new Map() };
    if (prepared.document) this.byDocument.set(prepared.document, prepared);
    this.documents.set(query, prepared);
    return prepared;
  }

  private parseAndValidate(query: string): { document?: DocumentNode; errors?: readonly GraphQLError[]; weight: number } {
    // Before parsing: graphql-js's parser recurses once per level, and `maxTokens` lets a
    // 4 KB document nest 2,000 deep, which overflows it (and then validation) into a 500.
    if (documentNestsDeeperThan(query, this.limits.maxNesting)) {
      return { errors: [tooComplex(`The document nests more than ${this.limits.maxNesting} brackets deep.`, 'maxNesting')], weight: documentWeight(query, undefined) };
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.limits.maxTokens });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const weight = documentWeight(query, undefined);
      if (TOKEN_LIMIT.test(error.message)) {
        return { errors: [tooComplex(`The document has more than ${this.limits.maxTokens} tokens.`, 'maxTokens')], weight };
      }
      return { errors: [withCode(error, ErrorCode.GRAPHQL_PARSE_FAILED)], weight };
    }
    // Validation errors point into the document, so an invalid one holds its AST too.
    const weight = documentWeight(query, document);
    const errors = validate(this.schema, document, this.rules);
    if (errors.length > 0) return { errors: errors.map((error) => withCode(error, ErrorCode.GRAPHQL_VALIDATION_FAILED)), weight };
    return { document, weight };
  }

  /** Everything execution needs over `state`, or the request errors that stop it before execution. */
  operationArgs(request: OperationRequest, state: MockState): OperationArgs | readonly GraphQLError[] {
    const prepared = this.prepareDocument(request.query);
    if (!prepared.document) return prepared.errors!;
    const refused = this.refuseVariables(request.variables);
    if (refused) return [refused];
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
      contextValue: createContext(state, request.authorization ?? null, request.publicOrigin),
    };
  }

  /**
   * The door's checks of the variables, every request, before anything walks them recursively
   * (coercion, the journal's redaction, a subscription's shape key): their nesting, then
   * well-formed Unicode in every string, so no door and no resolver ever sees a lone surrogate.
   * The document's own string literals need no check: graphql-js's lexer refuses lone surrogates.
   */
  private refuseVariables(variables: OperationRequest['variables']): GraphQLError | undefined {
    if (variables == null) return undefined;
    if (valueNestsDeeperThan(variables, this.limits.maxNesting)) {
      return tooComplex(`The variables nest more than ${this.limits.maxNesting} arrays and objects deep.`, 'maxNesting');
    }
    const malformed = loneSurrogateIn(variables);
    return malformed === undefined ? undefined : malformedUnicode(malformed);
  }

  /**
   * Executes prepared arguments (errors still unformatted: doors format through {@link formatError}).
   * An answer whose JSON would surely be over `maxResponseBytes` is replaced by RESPONSE_TOO_LARGE
   * before anything serializes it (the doors check the exact size of what they send).
   */
  readonly execute = (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult => {
    const result = this.executeOperation(args);
    return result instanceof Promise ? result.then(this.withinResponseLimit) : this.withinResponseLimit(result);
  };

  /** `result`, or RESPONSE_TOO_LARGE when its JSON is surely longer than the limit (see `answer-size.ts`). */
  readonly withinResponseLimit = (result: ExecutionResult): ExecutionResult => {
    const max = this.limits.maxResponseBytes;
    const weight = answerLowerBound(result, max);
    if (weight > max) return tooLargeAnswer(this.limits);
    this.weights.set(result, weight);
    return result;
  };

  /** What {@link execute} weighed `result` at (a lower bound of its JSON's bytes), so a door need not walk it again. */
  weightOf(result: ExecutionResult): number | undefined {
    return this.weights.get(result);
  }

  private executeOperation(args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult {
    if (!compilerLoaded() && this.execution !== 'interpreted') {
      // The compiled mode waits for graphql-jit; the adaptive one goes on with graphql-js meanwhile.
      const loaded = loadCompiler();
      if (this.execution === 'compiled') return loaded.then(() => this.executeOperation(args));
      return execute(args);
    }
    const compiled = this.compiledFor(args.document, args.operationName ?? undefined);
    if (!compiled) return execute(args);
    // graphql-js coerces the variables, as its `execute` would (same limit on errors), so both
    // paths accept and refuse the same requests with the same words (see `compile.ts`).
    const variables = getVariableValues(this.schema, compiled.variableDefinitions, args.variableValues ?? {}, { maxErrors: 50 });
    if (variables.errors) return { errors: variables.errors };
    // Own values only: a variable named `constructor` that was left out is not Object's constructor.
    if (compiled.variablesInsideLiterals.some((name) => !Object.hasOwn(variables.coerced, name) || variables.coerced[name] == null)) return execute(args);
    const result = compiled.query(args.rootValue, args.contextValue, variables.coerced);
    // `instanceof Promise` is what node:util's isPromise tested (native promises), and runs in a browser.
    return result instanceof Promise ? result.then((settled) => this.asGraphQLJs(args, settled)) : this.asGraphQLJs(args, result);
  }

  /**
   * A graphql-jit result laid out as graphql-js lays out its own (`errors` before `data`), so that
   * both paths send the same bytes. graphql-jit refusing variables that graphql-js accepted would
   * be a bug: it is reported, and the operation runs on graphql-js.
   */
  private asGraphQLJs(args: ExecutionArgs, result: ExecutionResult): ExecutionResult | Promise<ExecutionResult> {
    if (!result.errors) return result;
    if (result.data === undefined) {
      this.logBug(new Error(`graphql-jit refused the variables graphql-js coerced: ${result.errors.map((error) => error.message).join('; ')}`));
      return execute(args);
    }
    return { errors: result.errors, data: result.data };
  }

  private compiledFor(document: DocumentNode, operationName: string | undefined): CompiledOperation | undefined {
    if (this.execution === 'interpreted') return undefined;
    const prepared = this.byDocument.get(document);
    if (!prepared) return undefined;
    const key = operationName ?? '';
    let compiled = prepared.compiled.get(key);
    if (compiled === undefined) {
      if (this.execution === 'adaptive' && ++prepared.uses < 2) return undefined;
      compiled = compileOperation(this.schema, document, operationName);
      prepared.compiled.set(key, compiled);
    }
    return compiled ?? undefined;
  }

  /**
   * Starts a subscription: a stream of results, one per event, or a single result when it is
   * refused (the subscriber may not see the conversation, the arguments are wrong). Each event is
   * executed once per subscription shape, whatever the number of subscribers sharing it (see
   * `event-results.ts`), with graphql-js: one execution per event leaves nothing for compiling to win.
   */
  async subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterator(source)) return source as ExecutionResult;
    const shape = `${this.documentKey(args.document)}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}`;
    return mapEvents(source, (event) => sharedEventResult(event, shape, args, this.withinResponseLimit));
  }

  /** A stable key of a document: its query text when it came through the cache, else its printed form. */
  private documentKey(document: DocumentNode): string {
    const text = document.loc?.source.body;
    return text ?? print(document);
  }

  /** Shapes one error for a client; see `format-error.ts`. */
  readonly formatError = (error: Readonly<GraphQLError | Error>): GraphQLError => formatError(error, this.logBug);

  /**
   * Runs one query or mutation over `state` end to end and returns a result with formatted errors:
   * the entry point for callers that do not bring their own GraphQL-over-HTTP handling. Its JSON is
   * at most `maxResponseBytes` (else RESPONSE_TOO_LARGE). `execute` runs the prepared operation
   * (the runtime's, which tells its listeners of a mutation).
   */
  async run(request: OperationRequest, state: MockState, execute: (args: OperationArgs) => Promise<ExecutionResult> | ExecutionResult = this.execute): Promise<ExecutionResult> {
    const args = this.operationArgs(request, state);
    if (!('schema' in args)) return { errors: args.map(this.formatError) };
    if (getOperationAST(args.document, args.operationName)!.operation === 'subscription') {
      return { errors: [this.formatError(new GraphQLError('subscriptions are served over WebSocket', { extensions: { code: ErrorCode.BAD_REQUEST } }))] };
    }
    const result = await execute(args);
    const answer = result.errors ? { ...result, errors: result.errors.map(this.formatError) } : result;
    return payloadFits(answer, this.limits.maxResponseBytes) ? answer : tooLargeAnswer(this.limits);
  }
}

function isAsyncIterator(value: unknown): value is AsyncIterator<unknown> & AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** `error` with `extensions.code` set to `code` unless it already has one. */
function withCode(error: GraphQLError, code: ErrorCode): GraphQLError {
  if (typeof error.extensions['code'] === 'string') return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { ...error.extensions, code },
  });
}
