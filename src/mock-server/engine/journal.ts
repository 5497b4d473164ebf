import { getOperationAST, type DocumentNode } from 'graphql';
import { redactSecrets } from './redact.js';

/** The door a request came through. */
export type JournalTransport = 'http' | 'ws' | 'msw';

/** Who sent a request, when its token named someone. */
export interface JournalCaller {
  readonly id: string;
  readonly username: string | null;
}

/**
 * One request as the door records it: references only, so recording costs an object and a slot
 * in the ring. Nothing is serialised or redacted until the journal is read.
 */
export interface JournalRecord {
  /** When the request arrived, on the state's clock (epoch ms). */
  readonly at: number;
  readonly transport: JournalTransport;
  /** The parsed document, when the request got that far (the name and type are read from it). */
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
  /** The variables with secrets replaced by `"[redacted]"` (see `redact.ts`). */
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
 * The request journal: the last {@link capacity} GraphQL requests of every door, in a ring
 * buffer (recording overwrites the oldest; nothing grows). Browser-safe, like the engine.
 */
export class RequestJournal {
  private readonly ring: (JournalRecord | undefined)[];
  /** Where the next record goes. */
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number = DEFAULT_JOURNAL_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`the journal capacity must be a whole number above 0, but got ${capacity}`);
    this.ring = new Array<JournalRecord | undefined>(capacity);
  }

  record(record: JournalRecord): void {
    this.ring[this.next] = record;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** Requests recorded and still kept. */
  get size(): number {
    return this.count;
  }

  /** The newest `limit` requests (all kept by default), newest first, secrets redacted. */
  list(limit: number = this.capacity): JournalEntry[] {
    const entries: JournalEntry[] = [];
    const wanted = Math.min(limit, this.count);
    for (let back = 1; back <= wanted; back++) {
      entries.push(entryOf(this.ring[(this.next - back + this.capacity) % this.capacity]!));
    }
    return entries;
  }

  /** Forgets every request; answers how many there were. */
  clear(): number {
    const cleared = this.count;
    this.ring.fill(undefined);
    this.next = 0;
    this.count = 0;
    return cleared;
  }
}

function entryOf(record: JournalRecord): JournalEntry {
  const operation = record.document ? getOperationAST(record.document, record.operationName) : null;
  return {
    time: new Date(record.at).toISOString(),
    transport: record.transport,
    operationName: operation?.name?.value ?? record.operationName,
    operationType: operation?.operation ?? null,
    variables: redactSecrets(record.variables),
    caller: record.caller,
    status: record.status,
    durationMs: Math.round(record.durationMs * 10) / 10,
    errorCodes: record.errorCodes,
  };
}
