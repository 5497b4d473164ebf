/** One WebSocket frame of a realtime check, kept as evidence (the JSON report has them all). */
export interface Frame {
  /** Milliseconds since the check started. */
  readonly atMs: number;
  /** Which actor's socket. */
  readonly actor: string;
  /**
   * `opened`: a connection attempt (the URL and the headers of the upgrade request);
   * `sent`/`received`: a message as it went over the wire; `closed`: the close code and reason,
   * or the transport error that ended the attempt.
   */
  readonly direction: 'opened' | 'sent' | 'received' | 'closed';
  /** The graphql-ws message as JSON text, the upgrade for `opened`, or `code reason` for a close. */
  readonly text: string;
}

/** Collects the frames of one check, in order. */
export class FrameLog {
  readonly frames: Frame[] = [];
  private readonly started = performance.now();

  record(actor: string, direction: Frame['direction'], text: string): void {
    this.frames.push({ atMs: Math.round(performance.now() - this.started), actor, direction, text });
  }
}
