// Anchor (b): node:http + graphql-jit over a static page, documents cached: the ceiling of GraphQL execution here.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { READY } from '../page-query.js';

const page = (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { data: { messages: unknown } }).data.messages;
const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
schema.getQueryType()!.getFields()['messages']!.resolve = () => page;
const compiled = new Map<string, CompiledQuery>();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { query, variables } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; variables: Record<string, unknown> };
    let operation = compiled.get(query);
    if (!operation) {
      const result = compileQuery(schema, parse(query));
      if (!isCompiledQuery(result)) throw new Error('cannot compile');
      operation = result;
      compiled.set(query, operation);
    }
    const result = operation.query(undefined, {}, variables);
    const body = JSON.stringify(result);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
