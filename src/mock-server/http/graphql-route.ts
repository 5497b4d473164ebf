import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Runtime } from '../runtime/runtime.js';
import { graphqlOverHttp, type GraphQLHttpResponse } from '../routes/graphql-over-http.js';
import { answerLowerBound } from '../engine/answer-size.js';
import { bodyTooLarge } from '../engine/payload-too-large.js';
import { BodyTooLarge, readBody } from './body.js';
import { AnswerPacer, LARGE_ANSWER_BYTES } from './answer-pacer.js';
import { graphqlRoute as graphqlFetchRoute } from '../routes/graphql.js';
import type { FetchRoute } from '../routes/route-host.js';

/** `/graphql` for the HTTP door: Node's fast path, and the same core as a Fetch route for the router. */
export interface NodeGraphqlRoute {
  /** Answers `req` on `res` without a Fetch Request: the hot path of page queries. */
  serve(req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void>;
  /** The same core (pacing included) as a Fetch route (`routes/graphql.ts`). */
  readonly fetch: FetchRoute;
}

/**
 * GraphQL over HTTP for Node's http server: reads the body (bounded), hands the request to the
 * transport-free {@link graphqlOverHttp} (shared with the MSW door) and writes its answer. The
 * door's `/graphql` takes this path rather than the Fetch adapter: a Request, a body stream and a
 * Response per request are work the hot path need not do (docs/architecture.md). `base` is the
 * path the Fetch route is under (a sandbox's `/sandboxes/<id>`), carried by the URLs it hands out.
 */
export function graphqlRoute(runtime: Runtime, base = ''): NodeGraphqlRoute {
  const { maxBodyBytes } = runtime.limits;
  const pacer = new AnswerPacer();
  // The runtime's engine weighed each answer as it executed it; one it did not (a refusal) is weighed here,
  // no further than the limit: the walk stops there, and nothing larger is sent.
  const { maxResponseBytes } = runtime.limits;
  const handle = graphqlOverHttp(runtime, {
    pace: (result) => {
      const weight = runtime.weightOf(result) ?? answerLowerBound(result, maxResponseBytes);
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

  const serve = async (req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void> => {
    let body = '';
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        // The rest of the body is not read: the connection closes after this answer.
        return write(res, bodyTooLarge(runtime.limits), { connection: 'close' });
      }
    }
    const context = { publicOrigin, authorization: req.headers.authorization ?? null, accept: req.headers.accept };
    write(res, await handle({ url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body, context }));
  };
  return { serve, fetch: graphqlFetchRoute(handle, runtime.limits, base) };
}
