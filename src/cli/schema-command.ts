import { Command, Option } from 'commander';
import type { FailOn } from '../conformance/reporters/index.js';
import { reporterNames, type ReporterName } from '../conformance/reporters/names.js';
import { schemaSdl } from '../schema/load.js';
import { UsageError } from './credentials-file.js';
import { exitCodeOf, readSchemaFile, writeReport } from './report-output.js';

interface CheckFlags {
  reporter: ReporterName;
  output?: string;
  failOn: FailOn;
  color: boolean;
}

/** `parley schema check FILE`: exit 0 (every MUST check passed), 1 (one failed) or 2 (the file cannot be read as a schema). */
async function checkAction(file: string, flags: CheckFlags): Promise<number> {
  const { text, source } = await readSchemaFile(file);
  const [{ checkSchema }, { SchemaUnreadable }] = await Promise.all([import('../conformance/signatures/schema-check.js'), import('../conformance/signatures/schema-source.js')]);
  let report;
  try {
    report = await checkSchema(text, source);
  } catch (error) {
    if (error instanceof SchemaUnreadable) throw new UsageError(error.message);
    throw error;
  }
  await writeReport(report, flags);
  return exitCodeOf(report, flags.failOn);
}

/** `parley schema print` and `parley schema check FILE`. */
export function schemaCommand(): Command {
  const schema = new Command('schema').description('the GraphQL contract');
  schema
    .command('print')
    .description("print schema.graphql (the whole contract of the API's interface specification)")
    .action(() => {
      process.stdout.write(schemaSdl());
    });
  schema
    .command('check')
    .description('compare a server\'s schema (SDL, or an introspection result as JSON) with the contract, offline: the signature checks of `conformance run`; exit 0: every MUST check passed, 1: a MUST check failed, 2: could not run')
    .argument('<file>', 'the server\'s SDL (.graphql) or introspection result (.json)')
    .addOption(new Option('--reporter <name>', 'report format').choices(reporterNames).default('pretty'))
    .option('--output <file>', 'write the report to a file (the summary still goes to stdout)')
    .addOption(new Option('--fail-on <level>', 'which failures fail the check (exit 1)').choices(['must', 'should']).default('must'))
    .option('--no-color', 'no ANSI colour (also off when stdout is not a terminal or NO_COLOR is set)')
    .action(async (file: string, flags: CheckFlags, command: Command) => {
      try {
        process.exitCode = await checkAction(file, flags);
      } catch (error) {
        if (error instanceof UsageError) command.error(`parley schema check: ${error.message}`, { exitCode: 2, code: 'parley.schema.unreadable' });
        throw error;
      }
    });
  return schema;
}
