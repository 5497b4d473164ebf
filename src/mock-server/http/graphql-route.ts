import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../engine/engine.js';
import { graphqlOverHttp, type GraphQLHttpResponse } from '../engine/graphql-over-http.js';
import { answerLowerBound } from '../engine/answer-size.js';
import { bodyTooLarge } from '../engine/payload-too-large.js';
import { BodyTooLarge, readBody } from './body.js';
import { AnswerPacer, LARGE_ANSWER_BYTES } from './answer-pacer.js';

/**
 * GraphQL over HTTP for Node's http server: reads the body (bounded), hands the request to the
 * transport-free {@link graphqlOverHttp} (shared with the MSW door) and writes its answer.
 */
export function graphqlRoute(engine: Engine) {
  const { maxBodyBytes } = engine.limits;
  const pacer = new AnswerPacer();
  // The engine weighed each answer as it executed it; one it did not (a refusal) is weighed here,
  // no further than the limit: the walk stops there, and nothing larger is sent.
  const { maxResponseBytes } = engine.limits;
  const handle = graphqlOverHttp(engine, {
    pace: (result) => {
      const weight = engine.weightOf(result) ?? answerLowerBound(result, maxResponseBytes);
      return weight < LARGE_ANSWER_BYTES ? undefined : pacer.take(weight);
    },
  });
  const write = (res: ServerResponse, [responseBody, init]: GraphQLHttpResponse, extra: Record<string, string> = {}) => {
    // Encoded here, at its exact size: a string handed to the socket is encoded into a buffer of
    // three bytes per character, held until a client that does not read takes it all.
    const body = responseBody === null ? null : Buffer.from(responseBody, 'utf8');
    // A known length spares Node the chunked encoding (and its extra writes) on every response.
    const headers = body === null ? { ...init.headers, ...extra } : { ...init.headers, ...extra, 'content-length': String(body.length) };
    res.writeHead(init.status, init.statusText, headers);
    res.end(body);
  };

  return async (req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void> => {
    let body = '';
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        // The rest of the body is not read: the connection closes after this answer.
        return write(res, bodyTooLarge(engine.limits), { connection: 'close' });
      }
    }
    const context = { publicOrigin, authorization: req.headers.authorization ?? null, accept: req.headers.accept };
    write(res, await handle({ url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body, context }));
  };
}
