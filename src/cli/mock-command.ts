import { Command, InvalidArgumentError } from 'commander';
import { startMockServer } from '../mock-server/mock-server.js';

function integer(name: string, min: number, max: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return parsed;
  };
}

/** `parley mock serve`: the reference mock on one port. */
export function mockCommand(): Command {
  const mock = new Command('mock').description('the reference mock server');
  mock
    .command('serve')
    .description('serve the mock: GraphQL at /graphql, readiness at /ready')
    .option('--port <port>', 'port to listen on (0 picks a free one); default $PORT or 4000', integer('--port', 0, 65535))
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--seed <seed>', 'seed of the demo data: the same seed gives the same data', integer('--seed', 0, 2 ** 31 - 1), 1)
    .option('--empty', 'start with no data instead of the demo workspace', false)
    .option('--no-cors', 'refuse cross-origin browser requests (CORS is open by default)')
    .action(async (options: { port?: number; host: string; seed: number; empty: boolean; cors: boolean }) => {
      const port = options.port ?? (process.env['PORT'] ? integer('$PORT', 0, 65535)(process.env['PORT']) : 4000);
      const server = await startMockServer({ port, host: options.host, seed: options.seed, empty: options.empty, cors: options.cors });
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      // Printed last: whoever waits for this line may signal us at once.
      console.log(`parley mock listening on ${server.url}`);
    });
  return mock;
}
