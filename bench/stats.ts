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

export interface PairedTiming {
  /** Medians of each side's per-round figure. */
  readonly small: number;
  readonly large: number;
  /** Median, lowest and highest of the per-round ratios large / small. */
  readonly ratio: number;
  readonly minRatio: number;
  readonly maxRatio: number;
}

/**
 * Times a small and a large case back to back each round, alternating which goes first (so
 * drift in the machine falls on both), after one full gc; `time` returns one round's figure.
 */
export async function pairedRounds(rounds: number, time: (size: 'small' | 'large') => Promise<number>): Promise<PairedTiming> {
  collectGarbage();
  const small: number[] = [];
  const large: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    const figure = { small: 0, large: 0 };
    for (const size of order) figure[size] = await time(size);
    small.push(figure.small);
    large.push(figure.large);
    ratios.push(figure.large / figure.small);
  }
  return { small: median(small), large: median(large), ratio: median(ratios), minRatio: Math.min(...ratios), maxRatio: Math.max(...ratios) };
}
