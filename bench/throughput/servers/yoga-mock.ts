// Anchor (c): what a user picks instead of Parley: graphql-yoga serving @graphql-tools/mock over the same schema.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { addMocksToSchema } from '@graphql-tools/mock';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { createYoga } from 'graphql-yoga';
import { READY } from '../page-query.js';

const typeDefs = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');
const schema = addMocksToSchema({
  schema: makeExecutableSchema({ typeDefs }),
  mocks: { DateTime: () => new Date(0).toISOString(), MessagePage: () => ({ nodes: [...Array(30)] }) },
});
const yoga = createYoga({ schema, logging: false, maskedErrors: false });
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
