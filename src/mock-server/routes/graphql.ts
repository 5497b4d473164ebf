import type { GraphQLHttpRequest, GraphQLHttpResponse } from './graphql-over-http.js';
import type { QueryLimits } from '../engine/limits.js';
import { bodyTooLarge } from '../engine/payload-too-large.js';
import { BodyTooLarge, readText } from './body.js';
import type { FetchRoute } from './route-host.js';

/**
 * `/graphql` as a Fetch route: the body read up to `maxBodyBytes` (413 `PAYLOAD_TOO_LARGE` past
 * it, the rest unread), then the transport-free GraphQL-over-HTTP core (`graphqlOverHttp`, built
 * over the engine by the door) answers. The URLs an answer hands out name the request's origin,
 * followed by `base` (a sandbox's `/sandboxes/<id>`; '' at the root).
 */
export function graphqlRoute(handle: (request: GraphQLHttpRequest) => Promise<GraphQLHttpResponse>, limits: Pick<QueryLimits, 'maxBodyBytes'>, base = ''): FetchRoute {
  return async (request) => {
    const url = new URL(request.url);
    let body = '';
    if (request.method === 'POST') {
      try {
        body = await readText(request, limits.maxBodyBytes);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        return toResponse(bodyTooLarge(limits), { connection: 'close' });
      }
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const context = { publicOrigin: url.origin + base, authorization: request.headers.get('authorization'), accept: request.headers.get('accept') ?? undefined };
    return toResponse(await handle({ url: url.pathname + url.search, method: request.method, headers, body, context }));
  };
}

/** A Fetch Response of what the GraphQL-over-HTTP core answered. */
function toResponse([body, init]: GraphQLHttpResponse, extra: Record<string, string> = {}): Response {
  return new Response(body, { status: init.status, statusText: init.statusText, headers: { ...(init.headers as Record<string, string> | undefined), ...extra } });
}
