import type { GraphiQLProps } from 'graphiql';
import { Kind, type DocumentNode, type ExecutionResult } from 'graphql';
import { createClient } from 'graphql-ws';
import { accessTokenOf } from './token.js';

type Fetcher = GraphiQLProps['fetcher'];
type FetcherOpts = NonNullable<Parameters<Fetcher>[1]>;

/** Where the page's fetcher sends operations: the same origin that served the page. */
export interface Endpoints {
  /** e.g. `http://127.0.0.1:4000/graphql` */
  readonly http: string;
  /** e.g. `ws://127.0.0.1:4000/graphql` */
  readonly ws: string;
}

/** The mock's endpoints as seen from the page's own address (no other origin is ever contacted). */
export function endpointsOf(location: Location): Endpoints {
  const ws = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
  return { http: `${location.origin}/graphql`, ws };
}

/** Whether the operation GraphiQL runs (the named one, or the only one) is a subscription. */
export function isSubscription(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.find((operation) => operation.name?.value === operationName) : operations[0];
  return chosen?.operation === 'subscription';
}

/** The `Authorization` entry of the headers editor, in any letter case. */
function authorizationOf(headers: FetcherOpts['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'authorization' && typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * GraphiQL's fetcher for the mock. Queries and mutations are POSTed as JSON with the headers of
 * the headers editor; a result carrying an `accessToken` is handed to `onToken`. Subscriptions
 * run over graphql-ws on a socket of their own, whose `connection_init` payload carries the
 * editor's `Authorization` (a browser cannot set headers on a WebSocket), so a token put in the
 * headers after the socket was opened is used by the next subscription, never ignored.
 */
export function parleyFetcher(endpoints: Endpoints, onToken: (token: string) => void): Fetcher {
  return (params, opts) => {
    if (opts?.documentAST && isSubscription(opts.documentAST, params.operationName)) {
      const authorization = authorizationOf(opts.headers);
      const client = createClient({
        url: endpoints.ws,
        lazy: true,
        retryAttempts: 0,
        connectionParams: authorization === undefined ? {} : { Authorization: authorization },
      });
      // Lazy: the socket opens with the subscription and closes when it ends.
      const results = client.iterate({ query: params.query, variables: params.variables ?? null, operationName: params.operationName ?? null });
      return { [Symbol.asyncIterator]: () => results } as AsyncIterable<ExecutionResult>;
    }
    return (async () => {
      const response = await fetch(endpoints.http, {
        method: 'POST',
        headers: { accept: 'application/graphql-response+json, application/json', 'content-type': 'application/json', ...opts?.headers },
        body: JSON.stringify(params),
      });
      const result = (await response.json()) as ExecutionResult;
      const token = accessTokenOf(result);
      if (token !== null) onToken(token);
      return result;
    })();
  };
}
