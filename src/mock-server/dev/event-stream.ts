/** What a dev event stream carries: requests recorded, domain events, the simulator's status, and state swaps. */
export type DevEventType = 'journal' | 'domain' | 'simulator' | 'reset';

/** The types a client may pick with `?types=` (a `reset` is always sent). */
export const DEV_EVENT_TYPES: readonly DevEventType[] = ['journal', 'domain', 'simulator'];

const encoder = new TextEncoder();

/**
 * One client's Server-Sent Events stream (`GET /dev/events`). What is sent waits in the stream's
 * own queue until the door writes it out; the door stops reading while the client's socket is full,
 * so a client that does not read lets the queue grow, and once it holds more than `maxQueuedBytes`
 * the stream is dropped: its queue is discarded at once and the door ends the connection. Nothing
 * else of the mock waits for a stream. Browser-safe (a Web stream).
 */
export class DevEventStream {
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private open = true;

  /**
   * @param types what this client asked for
   * @param maxQueuedBytes how many bytes may wait unread before the stream is dropped
   * @param onClose called once, when the client goes away or the stream is dropped or closed
   */
  constructor(
    private readonly types: ReadonlySet<DevEventType>,
    maxQueuedBytes: number,
    private readonly onClose: (stream: DevEventStream) => void,
  ) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.end(),
      },
      { highWaterMark: maxQueuedBytes, size: (chunk) => chunk.byteLength },
    );
    // The first bytes: a client sees the stream is open before any event.
    this.write(': parley dev events\n\n');
  }

  /** Whether the client still listens. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Whether the client asked for events of `type` (`reset` always). */
  wants(type: DevEventType): boolean {
    return type === 'reset' || this.types.has(type);
  }

  /** Sends one event of `type` (when the client asked for it); `json` is its data, one line of JSON. */
  send(type: DevEventType, json: string): void {
    if (!this.wants(type)) return;
    this.write(`event: ${type}\ndata: ${json}\n\n`);
  }

  /** A comment line (`: keep-alive`): keeps proxies and browsers from timing the stream out. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the stream: what is queued is still delivered, then the response ends. */
  close(): void {
    if (!this.open) return;
    this.controller.close();
    this.end();
  }

  private write(text: string): void {
    if (!this.open) return;
    this.controller.enqueue(encoder.encode(text));
    // Past its bound: a client that does not read is dropped, its queue discarded.
    if ((this.controller.desiredSize ?? 0) < 0) {
      this.controller.error(new Error('the client did not read its dev event stream: dropped'));
      this.end();
    }
  }

  private end(): void {
    if (!this.open) return;
    this.open = false;
    this.onClose(this);
  }
}
