/**
 * The conformance suite as a library: run it from a vitest or node test against any server.
 *
 * @example
 * import { runConformance } from 'parley/conformance';
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:4000' });
 * if (report.summary.mustFailed > 0) process.exitCode = 1;
 */
export { runConformance, selectChecks, ConformanceAbort, type ConformanceOptions, type CredentialsFile } from './run.js';
export { catalogue } from './catalogue.js';
export { rules, type Rule } from './rules.js';
export type { Check, Need } from './check.js';
export type { CheckResult, Exchange, Level, Outcome, ReportActor, RunReport, Section } from './types.js';
export type { Secret } from './redaction/secrets.js';
export { checkSchema, type SchemaCheckOptions } from './signatures/schema-check.js';
export { signatureChecks, type SignatureCheck } from './signatures/checks.js';
