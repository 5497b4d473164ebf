/**
 * Runtime check of a parsed `spec-signatures.json`: `JSON.parse` gives `unknown`, and the
 * contract test must not trust a hand-edited or stale file to have the right shape.
 */
import type { OperationSignature, SpecSignatures, ValueSignature } from './signature-types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValueSignature(value: unknown): value is ValueSignature {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    (value.default === undefined || typeof value.default === 'string')
  );
}

function isOperationMap(value: unknown): value is Record<string, OperationSignature> {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (op) => isRecord(op) && typeof op.type === 'string' && isRecord(op.args) && Object.values(op.args).every(isValueSignature),
    )
  );
}

/** Runtime check for a parsed `spec-signatures.json`. */
export function assertSpecSignatures(value: unknown): asserts value is SpecSignatures {
  const ok =
    isRecord(value) &&
    isRecord(value.objects) &&
    Object.values(value.objects).every((f) => isRecord(f) && Object.values(f).every((t) => typeof t === 'string')) &&
    isRecord(value.inputs) &&
    Object.values(value.inputs).every((f) => isRecord(f) && Object.values(f).every(isValueSignature)) &&
    isRecord(value.enums) &&
    Object.values(value.enums).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string')) &&
    isOperationMap(value.query) &&
    isOperationMap(value.mutation) &&
    isOperationMap(value.subscription) &&
    Array.isArray(value.scalars) &&
    value.scalars.every((s) => typeof s === 'string');
  if (!ok) throw new TypeError('value does not have the shape of SpecSignatures');
}
