/** One Server-Sent Event as a client reads it: its `event:` name (or `comment` for a `:` line) and its data. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * A client of `GET /dev/events`: reads the stream as it comes and hands out its events in order.
 * `next(name)` waits for the next event of that name (the ones before it are skipped).
 */
export class SseClient {
  private buffer = '';
  private readonly received: SseEvent[] = [];
  private ended = false;
  private waiting: (() => void) | null = null;

  private constructor(
    readonly response: Response,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
  ) {
    void this.pump();
  }

  static async open(url: string, init?: RequestInit): Promise<SseClient> {
    const response = await fetch(url, init);
    if (!response.body) throw new Error(`no body: ${response.status}`);
    return new SseClient(response, response.body.getReader());
  }

  /** The next event named `name` (`comment` for a comment line); throws once the stream ended without one. */
  async next(name: string): Promise<SseEvent> {
    for (;;) {
      const index = this.received.findIndex((each) => each.event === name);
      if (index >= 0) return this.received.splice(0, index + 1).at(-1)!;
      if (this.ended) throw new Error(`the stream ended before an event ${name}`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  /** The next `name` event's data, parsed as JSON. */
  async json<T>(name: string): Promise<T> {
    return JSON.parse((await this.next(name)).data) as T;
  }

  /** Every event received and not taken yet. */
  get pending(): readonly SseEvent[] {
    return this.received;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.received.push(parse(this.buffer.slice(0, end)));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // Cancelled or cut: the stream ended.
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}

function parse(block: string): SseEvent {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', data: line.slice(1).trim() };
    if (line.startsWith('event: ')) event = line.slice('event: '.length);
    else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
  }
  return { event, data: data.join('\n') };
}
