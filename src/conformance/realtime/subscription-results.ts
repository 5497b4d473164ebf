import type { FormattedExecutionResult } from 'graphql';

export type SubscriptionEnd =
  /** The server sent `complete`. */
  | { readonly kind: 'complete' }
  /** The server sent `error` (a refusal before execution), or the socket closed under it. */
  | { readonly kind: 'error'; readonly detail: string; readonly codes: readonly (string | null)[] };

/**
 * One subscription's results, queued as they arrive, so a reader can take them in order and none
 * is missed between two awaits.
 */
export class SubscriptionResults {
  private readonly items: FormattedExecutionResult[] = [];
  private wake: (() => void) | undefined;
  end: SubscriptionEnd | undefined;

  push(result: FormattedExecutionResult): void {
    this.items.push(result);
    this.notify();
  }

  finish(end: SubscriptionEnd): void {
    this.end ??= end;
    this.notify();
  }

  /** Results received and not yet taken. */
  get pending(): readonly FormattedExecutionResult[] {
    return this.items;
  }

  /** Takes every result received and not yet taken, in order. */
  takeAll(): FormattedExecutionResult[] {
    return this.items.splice(0);
  }

  /** The next result, or undefined when the subscription ended or `timeoutMs` passed without one. */
  async next(timeoutMs: number): Promise<FormattedExecutionResult | undefined> {
    await this.waitFor(() => this.items.length > 0 || this.end !== undefined, timeoutMs);
    return this.items.shift();
  }

  /** Waits until the subscription ends or `timeoutMs` passes; true if it ended. */
  ended(timeoutMs: number): Promise<boolean> {
    return this.waitFor(() => this.end !== undefined, timeoutMs);
  }

  /** Resolves true once `condition` holds (checked on each push or finish), false after `timeoutMs`. */
  private async waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return true;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
