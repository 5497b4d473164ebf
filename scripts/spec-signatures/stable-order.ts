/**
 * Key ordering for the JSON output. Keys are sorted at every level (and `default` before
 * `type`), so the checked-in file does not change when the spec merely reorders definitions.
 */
import type { OperationSignature, ValueSignature } from './signature-types.js';

/** A copy of `record` with its keys in sorted order and each value mapped. */
export function sortRecord<T, U>(record: Record<string, T>, mapValue: (value: T) => U): Record<string, U> {
  const sorted: Record<string, U> = {};
  for (const key of Object.keys(record).sort()) {
    sorted[key] = mapValue(record[key] as T);
  }
  return sorted;
}

export function sortValueSignature(sig: ValueSignature): ValueSignature {
  return sig.default === undefined ? { type: sig.type } : { default: sig.default, type: sig.type };
}

export function sortOperation(op: OperationSignature): OperationSignature {
  return { args: sortRecord(op.args, sortValueSignature), type: op.type };
}
