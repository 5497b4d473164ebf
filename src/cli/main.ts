#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { conformanceCommand } from './conformance-command.js';
import { mockCommand } from './mock-command.js';
import { schemaCommand } from './schema-command.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('parley')
  .description('Reference mock and conformance suite for the workspace-chat GraphQL API')
  .version(version)
  .showHelpAfterError()
  .addCommand(mockCommand())
  .addCommand(conformanceCommand())
  .addCommand(schemaCommand());

// Commander exits by itself on bad usage; route every command's exits through our handler so
// usage errors end with exit code 2, as the README states. Subcommands do not inherit this.
const overrideExits = (command: Command): void => {
  command.exitOverride();
  command.commands.forEach(overrideExits);
};
overrideExits(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') console.error(`parley: the port is already in use (${message}). Choose another with --port.`);
  else if (code === 'EACCES') console.error(`parley: not allowed to listen there (${message}).`);
  else console.error(`parley: ${message}`);
  process.exit(2);
}
