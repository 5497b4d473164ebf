// Anchor (b): node:http + graphql-jit over a static page, documents cached: the ceiling of GraphQL
// execution here. With `compiled` after the page file it is anchor (b2): the same with graphql-jit's
// compiled `stringify` (`customJSONSerializer`, fast-json-stringify) instead of `JSON.stringify`.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { READY } from '../page-query.js';

const page = (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { data: { messages: unknown } }).data.messages;
const compiledStringify = process.argv[3] === 'compiled';
const schemaText = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');
// graphql-jit's serializer knows no custom scalar ("Got unexpected PRIMITIVES type: DateTime"):
// for (b2) the page's times are declared as what they are on the wire, strings.
const asStrings = (text: string) => text.replace(/^scalar DateTime\b/m, 'scalar UnusedDateTime').replace(/\bDateTime\b/g, 'String');
const schema = buildSchema(compiledStringify ? asStrings(schemaText) : schemaText);
schema.getQueryType()!.getFields()['messages']!.resolve = () => page;
const compiled = new Map<string, CompiledQuery>();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { query, variables } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; variables: Record<string, unknown> };
    let operation = compiled.get(query);
    if (!operation) {
      const result = compileQuery(schema, parse(query), undefined, { customJSONSerializer: compiledStringify });
      if (!isCompiledQuery(result)) throw new Error(`cannot compile: ${JSON.stringify(result.errors)}`);
      operation = result;
      compiled.set(query, operation);
    }
    const result = operation.query(undefined, {}, variables);
    const body = operation.stringify(result);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
