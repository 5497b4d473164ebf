/** One WebSocket frame of a realtime check, kept as evidence (the JSON report has them all). */
export interface Frame {
  /** Milliseconds since the check started. */
  readonly atMs: number;
  /** Which actor's socket. */
  readonly actor: string;
  readonly direction: 'sent' | 'received' | 'closed';
  /** The graphql-ws message as JSON text, or `code reason` for a close. */
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
