import { getOperationAST, type DocumentNode, type GraphQLSchema } from 'graphql';
import { summariseVariables } from './journal-variables.js';
import { secretVariablesOf } from './secret-variables.js';

export { JOURNAL_VARIABLES_MAX_BYTES } from './journal-variables.js';

/** The door a request came through. */
export type JournalTransport = 'http' | 'ws' | 'msw';

/** Who sent a request, when its token named someone. */
export interface JournalCaller {
  readonly id: string;
  readonly username: string | null;
}

/**
 * One request as the door hands it to {@link RequestJournal.record}. The journal keeps neither
 * its document nor its variables: it keeps a bounded, redacted summary (see `journal-variables.ts`).
 */
export interface JournalRecord {
  /** When the request arrived, on the state's clock (epoch ms). */
  readonly at: number;
  readonly transport: JournalTransport;
  /** The schema the document was validated against: it says which arguments are secrets. */
  readonly schema: GraphQLSchema | null;
  /**
   * The parsed document, when the request got that far (the name and type are read from it, and
   * which variables are secrets). Without one, every string of the variables is hidden.
   */
  readonly document: DocumentNode | null;
  /** The `operationName` the client sent. */
  readonly operationName: string | null;
  readonly variables: unknown;
  readonly caller: JournalCaller | null;
  /** The HTTP status; null over WebSocket. */
  readonly status: number | null;
  readonly durationMs: number;
  /** `extensions.code` of every error of the answer, in order. */
  readonly errorCodes: readonly string[];
}

/** What `GET /dev/journal` (and `parley.journal.list()`) shows of one request. */
export interface JournalEntry {
  /** ISO 8601. */
  readonly time: string;
  readonly transport: JournalTransport;
  readonly operationName: string | null;
  readonly operationType: 'query' | 'mutation' | 'subscription' | null;
  /**
   * The variables with secrets replaced by `"[redacted]"` (see `redact.ts`), cut to
   * {@link JOURNAL_VARIABLES_MAX_BYTES} with a `"[cut: N bytes]"` marker (see `journal-variables.ts`).
   */
  readonly variables: unknown;
  readonly caller: JournalCaller | null;
  readonly status: number | null;
  /** From the request's arrival to its answer, rounded to 0.1 ms. */
  readonly durationMs: number;
  readonly errorCodes: readonly string[];
}

/** How many requests the journal keeps by default. */
export const DEFAULT_JOURNAL_CAPACITY = 200;

/**
 * How many bytes (estimated as JSON) the journal keeps in all, by default: the oldest entries give
 * way past it, whatever the count. Each entry is bounded on its own
 * ({@link JOURNAL_VARIABLES_MAX_BYTES} of variables, {@link MAX_OPERATION_NAME} of name), so
 * {@link DEFAULT_JOURNAL_CAPACITY} full entries fit; this bounds the journal whatever its capacity.
 *
 * @default 1 MiB
 */
export const JOURNAL_MAX_BYTES = 1024 * 1024;

/** The longest `operationName` kept: the one a client sent for a document that did not parse can be any string. */
export const MAX_OPERATION_NAME = 256;

/** What an entry costs besides its variables, name and codes (the fixed fields, as JSON). */
const ENTRY_OVERHEAD_BYTES = 256;

/** What the ring keeps of a request: owned, bounded, already redacted. */
interface KeptEntry {
  readonly entry: Omit<JournalEntry, 'time'>;
  readonly at: number;
  readonly bytes: number;
}

/** A kept request as the journal shows it, its time in ISO form. */
function shown(kept: KeptEntry): JournalEntry {
  return { time: new Date(kept.at).toISOString(), ...kept.entry };
}

/**
 * The request journal: the last {@link capacity} GraphQL requests of every door, in a ring
 * buffer (recording overwrites the oldest; nothing grows), within {@link maxBytes} in all.
 * Recording redacts and bounds the variables then, so the ring never holds a request's own
 * objects. Browser-safe, like the engine.
 */
export class RequestJournal {
  private readonly ring: (KeptEntry | undefined)[];
  /** Where the next record goes. */
  private next = 0;
  private count = 0;
  private retained = 0;
  private readonly recordListeners = new Set<(entry: JournalEntry) => void>();

  /**
   * @param capacity How many requests to keep. @default DEFAULT_JOURNAL_CAPACITY
   * @param maxBytes How many bytes to keep in all. @default JOURNAL_MAX_BYTES
   */
  constructor(
    readonly capacity: number = DEFAULT_JOURNAL_CAPACITY,
    readonly maxBytes: number = JOURNAL_MAX_BYTES,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`the journal capacity must be a whole number above 0, but got ${capacity}`);
    if (!(maxBytes > 0)) throw new RangeError(`the journal's byte bound must be above 0, but got ${maxBytes}`);
    this.ring = new Array<KeptEntry | undefined>(capacity);
  }

  /** Records one request: its summary replaces the oldest entry when the ring is full. */
  record(record: JournalRecord): void {
    const kept = keep(record);
    if (this.count === this.capacity) this.dropOldest();
    this.ring[this.next] = kept;
    this.next = (this.next + 1) % this.capacity;
    this.count++;
    this.retained += kept.bytes;
    while (this.retained > this.maxBytes && this.count > 1) this.dropOldest();
    if (this.recordListeners.size === 0) return;
    const entry = shown(kept);
    for (const listener of [...this.recordListeners]) {
      try {
        listener(entry);
      } catch (error) {
        console.error('[parley] a journal listener failed:', error instanceof Error ? error.stack : error);
      }
    }
  }

  /**
   * Calls `listener` with each request recorded from now on, as {@link list} shows it (redacted and
   * bounded: the same object the ring keeps); returns the function that stops it.
   */
  onRecord(listener: (entry: JournalEntry) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /** Requests recorded and still kept. */
  get size(): number {
    return this.count;
  }

  /** The estimated size of what the journal keeps, in bytes (as JSON); at most {@link maxBytes} but for one entry. */
  get bytes(): number {
    return this.retained;
  }

  /** The newest `limit` requests (all kept by default), newest first, secrets redacted. */
  list(limit: number = this.capacity): JournalEntry[] {
    const entries: JournalEntry[] = [];
    const wanted = Math.min(limit, this.count);
    for (let back = 1; back <= wanted; back++) {
      const kept = this.ring[(this.next - back + this.capacity) % this.capacity]!;
      entries.push(shown(kept));
    }
    return entries;
  }

  /** Forgets every request; answers how many there were. */
  clear(): number {
    const cleared = this.count;
    this.ring.fill(undefined);
    this.next = 0;
    this.count = 0;
    this.retained = 0;
    return cleared;
  }

  private dropOldest(): void {
    const oldest = (this.next - this.count + this.capacity) % this.capacity;
    this.retained -= this.ring[oldest]!.bytes;
    this.ring[oldest] = undefined;
    this.count--;
  }
}

function keep(record: JournalRecord): KeptEntry {
  const { document, schema } = record;
  const operation = document ? getOperationAST(document, record.operationName) : null;
  const variables =
    document && schema
      ? summariseVariables(record.variables, { secretVariables: secretVariablesOf(schema, document) })
      : summariseVariables(record.variables, { hideStrings: document === null });
  let operationName = operation?.name?.value ?? record.operationName;
  if (operationName !== null && operationName.length > MAX_OPERATION_NAME) operationName = `${operationName.slice(0, MAX_OPERATION_NAME)}…`;
  let codeBytes = 0;
  for (const code of record.errorCodes) codeBytes += code.length + 3;
  return {
    at: record.at,
    bytes: ENTRY_OVERHEAD_BYTES + variables.bytes + (operationName?.length ?? 0) + codeBytes + (record.caller?.username?.length ?? 0),
    entry: {
      transport: record.transport,
      operationName,
      operationType: operation?.operation ?? null,
      variables: variables.value,
      caller: record.caller,
      status: record.status,
      durationMs: Math.round(record.durationMs * 10) / 10,
      errorCodes: record.errorCodes,
    },
  };
}
