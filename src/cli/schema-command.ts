import { Command } from 'commander';
import { schemaSdl } from '../schema/load.js';

/** `parley schema print`: the contract, as served. */
export function schemaCommand(): Command {
  const schema = new Command('schema').description('the GraphQL contract');
  schema
    .command('print')
    .description('print schema.graphql (the whole contract of SPEC.md)')
    .action(() => {
      process.stdout.write(schemaSdl());
    });
  return schema;
}
