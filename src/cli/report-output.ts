import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FailOn } from '../conformance/reporters/index.js';
import type { ReporterName } from '../conformance/reporters/names.js';
import type { RunReport } from '../conformance/types.js';
import { UsageError } from './credentials-file.js';

/** NO_COLOR (https://no-color.org): set to anything but the empty string turns colour off. */
export function colorAllowed(flags: { color: boolean }, stream: NodeJS.WriteStream): boolean {
  return flags.color && stream.isTTY === true && (process.env['NO_COLOR'] ?? '') === '';
}

/**
 * Resolves once the text is handed to the OS, so nothing is lost when the process exits. A reader
 * that went away (`| head`) is not an error: there is no one left to tell.
 */
export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error | null) => {
      if (error && (error as NodeJS.ErrnoException).code !== 'EPIPE') reject(error);
      else resolve();
    };
    // A failed write also emits 'error' (after the callback): without a listener it would crash
    // the process, so the listener stays when the write failed.
    stream.on('error', settle);
    stream.write(text.endsWith('\n') ? text : `${text}\n`, (error) => {
      if (!error) stream.off('error', settle);
      settle(error);
    });
  });
}

/** The flags every command that prints a report takes. */
export interface ReportFlags {
  readonly reporter: ReporterName;
  readonly output?: string;
  readonly failOn: FailOn;
  readonly color: boolean;
}

/**
 * Prints the report with the chosen reporter, or writes it to `--output` and prints the summary
 * and verdict. The reporters are imported here, so a command that prints none does not pay for them.
 */
export async function writeReport(report: RunReport, flags: ReportFlags): Promise<void> {
  const { render, summaryLine, verdictLine } = await import('../conformance/reporters/index.js');
  const color = colorAllowed(flags, process.stdout);
  if (flags.output === undefined) {
    await write(process.stdout, render(flags.reporter, report, { color, failOn: flags.failOn }));
    return;
  }
  try {
    await mkdir(dirname(flags.output), { recursive: true });
    await writeFile(flags.output, `${render(flags.reporter, report, { color: false, failOn: flags.failOn })}\n`);
  } catch (error) {
    throw new UsageError(`cannot write the report to ${flags.output} (${error instanceof Error ? error.message : String(error)}).`);
  }
  await write(process.stdout, `${summaryLine(report)}\n${verdictLine(report, { color, failOn: flags.failOn })}`);
}

/**
 * Exit code of a finished report: 1 when a MUST check failed (or a SHOULD one, with `--fail-on
 * should`): the server is proven not to conform, whatever else could not run. Else 2 when a MUST
 * check could not run for a reason the user did not choose: the suite never passes what it did
 * not test. Else 0.
 */
export function exitCodeOf(report: RunReport, failOn: FailOn): number {
  if (report.summary.mustFailed > 0 || (failOn === 'should' && report.summary.shouldFailed > 0)) return 1;
  return report.summary.mustNotRun > 0 ? 2 : 0;
}

/** One sentence per cause that kept a MUST check from running (exit 2), for stderr. */
export function couldNotRunLines(report: RunReport): string[] {
  return report.skips
    .filter((cause) => cause.kind === 'could-not-run' && cause.must > 0)
    .map((cause) => `could not run ${cause.must === 1 ? '1 MUST check' : `${cause.must} MUST checks`} (${cause.checks.join(', ')}): ${cause.cause}`);
}

/** A server's schema file (SDL or introspection JSON), read as text; unreadable is a usage error (exit 2). */
export async function readSchemaFile(path: string): Promise<{ text: string; source: string }> {
  try {
    return { text: await readFile(path, 'utf8'), source: path };
  } catch (error) {
    throw new UsageError(`cannot read the schema file ${path} (${(error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))}).`);
  }
}
