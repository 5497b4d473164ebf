import { createClient, type Client } from 'graphql-ws';

/**
 * The app's own GraphQL client: plain fetch and graphql-ws, exactly what it would use against a
 * real backend. Nothing here knows about Parley or MSW: the page's service worker (MSW) answers
 * `/graphql`, and MSW's WebSocket interception answers `ws://…/graphql`.
 */
export const endpoint = new URL('/graphql', location.href).href;
const wsEndpoint = endpoint.replace(/^http/, 'ws');

interface GraphQLResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export async function request<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as GraphQLResponse<T>;
  if (body.errors?.length) throw new Error(body.errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('; '));
  return body.data as T;
}

/** A graphql-ws client that sends the token with `connection_init`; `onConnected` runs at each acknowledged connection. */
export function subscriptions(token: string, onConnected: () => void): Client {
  return createClient({ url: wsEndpoint, connectionParams: { Authorization: `Bearer ${token}` }, on: { connected: onConnected } });
}
