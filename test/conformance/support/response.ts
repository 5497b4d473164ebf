import type { GraphQLResponse, ResponseBody } from './proxy.js';

/** Reading and rewriting GraphQL responses the way the faults and the variant need to. */

/** A MessageView node as it travels (only the fields the faults touch are named). */
export interface WireNode {
  readonly id: string;
  readonly sequence: number;
  readonly deletedAt?: string | null;
  readonly [field: string]: unknown;
}

export interface WirePage {
  readonly nodes: readonly WireNode[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/** The MessagePage under `data[field]`, or null when the response has none (a refusal). */
export function pageIn(response: GraphQLResponse, field: string): WirePage | null {
  const page = response.body.data?.[field];
  return page !== null && typeof page === 'object' && Array.isArray((page as WirePage).nodes) ? (page as WirePage) : null;
}

/** The response with `data[field]` replaced; unchanged when it holds no page. */
export function withPage(response: GraphQLResponse, field: string, change: (page: WirePage) => WirePage): GraphQLResponse {
  const page = pageIn(response, field);
  if (!page) return response;
  return { ...response, body: { ...response.body, data: { ...response.body.data, [field]: change(page) } } };
}

/** The response with every node of the page under `data[field]` changed. */
export function withNodes(response: GraphQLResponse, field: string, change: (node: WireNode) => WireNode): GraphQLResponse {
  return withPage(response, field, (page) => ({ ...page, nodes: page.nodes.map(change) }));
}

/** The error codes of a response at `extensions.code`, one per error. */
export function codesOf(response: GraphQLResponse): (string | null)[] {
  return (response.body.errors ?? []).map((error) => (typeof error.extensions?.['code'] === 'string' ? (error.extensions['code'] as string) : null));
}

/** Whether the response is a refusal with `code`. */
export function refusedWith(response: GraphQLResponse, code: string): boolean {
  return codesOf(response).includes(code);
}

/** A refusal of `field` the way the mock words one: HTTP 200, an error with a code, data null. */
export function refusal(field: string, code: string, message: string): GraphQLResponse {
  const body: ResponseBody = { errors: [{ message, path: [field], extensions: { code } }], data: null };
  return { status: 200, headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' }, body };
}

/** A successful answer of `field` with `value`. */
export function answer(field: string, value: unknown): GraphQLResponse {
  return { status: 200, headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' }, body: { data: { [field]: value } } };
}

/**
 * Rebuilds a JSON value bottom-up: `change` sees every object member (key and already-rebuilt
 * value) and returns its new value.
 */
export function mapJson(value: unknown, change: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapJson(item, change));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, change(key, mapJson(inner, change))]));
}
