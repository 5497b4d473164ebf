/**
 * A `--persist` file the mock will not use: one that cannot be loaded (left untouched), or one
 * another mock is writing. The message is one sentence; the CLI prints it and exits 2.
 */
export class StateFileRefused extends Error {
  override readonly name = 'StateFileRefused';
}
