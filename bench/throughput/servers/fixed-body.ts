// Anchor (a): node:http answering every request with a fixed body, the ceiling of any Node server here.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { READY } from '../page-query.js';

const body = readFileSync(process.argv[2]!, 'utf8');
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
