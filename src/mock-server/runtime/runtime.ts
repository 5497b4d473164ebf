import { getOperationAST, type ExecutionArgs, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { Chaos } from './chaos/chaos.js';
import type { Engine, OperationArgs, OperationRequest } from '../engine/engine.js';
import type { BugLogger } from '../engine/format-error.js';
import { RequestJournal } from './journal/journal.js';
import type { QueryLimits } from '../engine/limits.js';
import type { MockState } from '../state/mock-state.js';

export interface RuntimeOptions {
  /** Executes operations over the state this runtime holds. */
  readonly engine: Engine;
  /** The state to start with. */
  readonly state: MockState;
  /** The request journal the doors record into (`/dev/journal`). @default a new one (200 requests) */
  readonly journal?: RequestJournal;
  /** Latency and failures injected into HTTP and MSW requests (`/dev/chaos`). @default none */
  readonly chaos?: Chaos;
}

/**
 * A running mock, as every door sees it: which state is current and its replacement (reset,
 * snapshot, fixtures), the change signal persistence listens to, the request journal and chaos;
 * operations go to the engine over the current state. A door holds the runtime, never a state, so a
 * swapped state is seen by the next request.
 */
export class Runtime {
  readonly engine: Engine;
  /** The last requests of every door (dev controls: `/dev/journal`). The same object for the mock's life. */
  readonly journal: RequestJournal;
  /** Injected latency and failures (dev controls: `/dev/chaos`). The same object for the mock's life. */
  readonly chaos: Chaos;
  private current: MockState;
  private readonly stateListeners = new Set<(state: MockState, previous: MockState) => void>();
  private readonly changeListeners = new Set<() => void>();
  private readonly socketClosers = new Set<(userIds: ReadonlySet<string>) => void>();

  constructor(options: RuntimeOptions) {
    this.engine = options.engine;
    this.current = options.state;
    this.journal = options.journal ?? new RequestJournal();
    this.chaos = options.chaos ?? new Chaos();
  }

  /** The state operations run on; {@link replaceState} swaps it (reset, snapshot restore). */
  get state(): MockState {
    return this.current;
  }

  /**
   * Runs every operation from now on against `state` (a reset, a restored snapshot, loaded
   * fixtures). Doors that hold something of the old state (the WebSocket door's subscriptions)
   * hear it through {@link onStateReplaced}; it counts as a change ({@link onChange}).
   */
  replaceState(state: MockState): void {
    const previous = this.current;
    this.current = state;
    for (const listener of this.stateListeners) listener(state, previous);
    this.changed();
  }

  /** Calls `listener` after every {@link replaceState}; returns the function that stops it. */
  onStateReplaced(listener: (state: MockState, previous: MockState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Calls `listener` after anything may have changed the state: every mutation executed (from any
   * door, whatever its outcome), every state swap, and what a door reports with {@link changed}
   * (an upload's bytes). Queries and subscriptions are not changes. Persistence listens here.
   */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Asks every WebSocket door on this runtime to close the open sockets of these users with 1012
   * ("service restart", which graphql-ws clients retry), as a state swap does: the simulator's
   * reconnect storm. Clients reconnect and catch up with `messagesSince`.
   */
  closeSocketsOf(userIds: ReadonlySet<string>): void {
    for (const close of this.socketClosers) close(userIds);
  }

  /** Calls `listener` on every {@link closeSocketsOf} (the WebSocket doors listen); returns the function that stops it. */
  onCloseSockets(listener: (userIds: ReadonlySet<string>) => void): () => void {
    this.socketClosers.add(listener);
    return () => this.socketClosers.delete(listener);
  }

  /** Tells the {@link onChange} listeners the state may have changed (doors call it for what is not an operation). */
  changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  get schema(): GraphQLSchema {
    return this.engine.schema;
  }

  get limits(): QueryLimits {
    return this.engine.limits;
  }

  get logBug(): BugLogger {
    return this.engine.logBug;
  }

  /** Shapes one error for a client (the engine's `formatError`). */
  get formatError(): (error: Readonly<GraphQLError | Error>) => GraphQLError {
    return this.engine.formatError;
  }

  /** Everything execution needs over the current state, or the request errors that stop it before execution. */
  operationArgs(request: OperationRequest): OperationArgs | readonly GraphQLError[] {
    return this.engine.operationArgs(request, this.current);
  }

  /** Executes prepared arguments (see `Engine.execute`); a mutation, whatever its outcome, is a change. */
  readonly execute = (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult => {
    if (this.changeListeners.size === 0 || getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return this.engine.execute(args);
    const result = this.engine.execute(args);
    if (result instanceof Promise) return result.finally(() => this.changed());
    this.changed();
    return result;
  };

  /** Starts a subscription over the state its arguments were prepared on (see `Engine.subscribe`). */
  subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
    return this.engine.subscribe(args);
  }

  /** Runs one query or mutation end to end over the current state, errors formatted (see `Engine.run`). */
  run(request: OperationRequest): Promise<ExecutionResult> {
    return this.engine.run(request, this.current, this.execute);
  }

  /** What the engine weighed `result` at when it executed it (see `Engine.weightOf`). */
  weightOf(result: ExecutionResult): number | undefined {
    return this.engine.weightOf(result);
  }
}
