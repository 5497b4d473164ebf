/**
 * Writing `spec-signatures.json`: the exact text format (two-space indent, final newline) is
 * fixed here, because the file is checked in and any change to it shows up as a diff.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SpecSignatures } from './signature-types.js';

/** The file's text: pretty-printed JSON with a trailing newline. */
export function formatSpecSignatures(signatures: SpecSignatures): string {
  return `${JSON.stringify(signatures, null, 2)}\n`;
}

/** Writes the signatures to `outPath`, creating its folder when missing. */
export function writeSpecSignaturesFile(outPath: string, signatures: SpecSignatures): void {
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, formatSpecSignatures(signatures));
}

/** The CLI's report: where the file went and how many definitions of each kind it holds. */
export function describeSpecSignatures(specPath: string, outPath: string, signatures: SpecSignatures): string {
  const count = (r: Record<string, unknown>): number => Object.keys(r).length;
  return (
    `${specPath} -> ${outPath}\n` +
    `  objects: ${count(signatures.objects)}, inputs: ${count(signatures.inputs)}, enums: ${count(signatures.enums)}, ` +
    `scalars: ${signatures.scalars.length}, queries: ${count(signatures.query)}, mutations: ${count(signatures.mutation)}, ` +
    `subscriptions: ${count(signatures.subscription)}\n`
  );
}
