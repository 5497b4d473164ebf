import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { Engine } from '../engine/engine.js';
import { graphqlOverHttp } from '../engine/graphql-over-http.js';
import { limitFlags } from '../engine/limits.js';
import { BodyTooLarge, readBody } from './body.js';
import { sendError } from './respond.js';

/**
 * GraphQL over HTTP for Node's http server: reads the body (bounded), hands the request to the
 * transport-free {@link graphqlOverHttp} (shared with the MSW door) and writes its answer.
 */
export function graphqlRoute(engine: Engine) {
  const { maxBodyBytes } = engine.limits;
  const handle = graphqlOverHttp(engine);

  return async (req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void> => {
    let body = '';
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        const message = `the request body is larger than ${maxBodyBytes} bytes; raise the limit with ${limitFlags.maxBodyBytes}`;
        return sendError(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, message, { connection: 'close' });
      }
    }
    const context = { publicOrigin, authorization: req.headers.authorization ?? null, accept: req.headers.accept };
    const [responseBody, init] = await handle({ url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body, context });
    // A known length spares Node the chunked encoding (and its extra writes) on every response.
    const headers = responseBody === null ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(responseBody)) };
    res.writeHead(init.status, init.statusText, headers);
    res.end(responseBody);
  };
}
