/** Small order statistics for benchmark samples. */

/** The p-quantile (0 <= p <= 1) of `samples`, linearly interpolated between closest ranks. */
export function quantile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples');
  if (!(p >= 0 && p <= 1)) throw new Error(`quantile p must lie in [0, 1], got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** Runs a full garbage collection when the process was started with --expose-gc. */
export function collectGarbage(): void {
  globalThis.gc?.();
}
