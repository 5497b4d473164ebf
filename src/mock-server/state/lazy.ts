/**
 * A module loaded on first use, once. Start-up pays only for what serving needs at once; a
 * library that one rare operation uses (JWT decoding, CSV, slug folding) loads when that
 * operation first runs.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
