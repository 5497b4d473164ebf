/**
 * Extracts the GraphQL contract (types, inputs, enums, root operations) from the
 * markdown of SPEC.md, so that the schema contract test can hold `schema.graphql`
 * to the specification without anyone re-typing signatures by hand.
 *
 * Usage:
 *   npx tsx scripts/extract-spec-signatures.ts [path-to-SPEC.md] [out.json]
 *
 * The specification's path is the first argument, or `PARLEY_SPEC_MD`; the output defaults to
 * `test/contract/spec-signatures.json` (relative to the repository root).
 *
 * What is parsed (the parsers live in `scripts/spec-signatures/`):
 *   - 2.1: `**Type**` headings followed by a `| Field | Type | Rules |` table, and
 *          bold-named summary lines `**Type**: \`field: Type\` (...), ...`
 *   - 2.2: bullet list `- **Type**: field: Type; field: Type`
 *   - 2.3: bullet list `- **Input**: field: Type; field: Type = default`
 *   - 2.4: `| Enum | Values |` table
 *   - 4.1, 4.2: `Signature: \`name(arg: Type, ...): Type\`` lines
 *   - 4.3, 4.4: `| Query | Arguments | Returns |` / `| Mutation | ... |` tables
 *               (`none` = no arguments, `X (nullable)` = nullable return `X`)
 *   - 6:   `| Subscription | Argument | Payload type |` table
 *   - scalars: sentences of the form "`Name` is a scalar" in section 2.
 *
 * This file is the entry point: it wires the CLI and re-exports the API the contract
 * test imports, so that neither needs to know how the extractor is split up.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractSpecSignatures } from './spec-signatures/extract.js';
import { describeSpecSignatures, writeSpecSignaturesFile } from './spec-signatures/signatures-file.js';

export { extractSpecSignatures } from './spec-signatures/extract.js';
export { namedType } from './spec-signatures/graphql-names.js';
export { assertSpecSignatures } from './spec-signatures/shape-check.js';
export type { OperationSignature, SpecSignatures, ValueSignature } from './spec-signatures/signature-types.js';
export { formatSpecSignatures } from './spec-signatures/signatures-file.js';

/** True when this file was run directly (not imported, e.g. by the contract test). */
function isMainModule(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === pathToFileURL(realpathSync(fileURLToPath(import.meta.url))).href;
  } catch {
    return false;
  }
}

function main(argv: string[]): void {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const given = argv[0] ?? process.env['PARLEY_SPEC_MD'];
  if (given === undefined) throw new Error('name the specification: npm run spec:extract -- path/to/SPEC.md (or set PARLEY_SPEC_MD)');
  const specPath = resolve(given);
  const outPath = argv[1] !== undefined ? resolve(argv[1]) : resolve(repoRoot, 'test/contract/spec-signatures.json');
  const signatures = extractSpecSignatures(readFileSync(specPath, 'utf8'));
  writeSpecSignaturesFile(outPath, signatures);
  process.stdout.write(describeSpecSignatures(specPath, outPath, signatures));
}

if (isMainModule()) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`extract-spec-signatures: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
