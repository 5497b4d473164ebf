import { expect } from 'vitest';

export interface GraphQLErrorBody {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { readonly code?: string };
}

export interface GraphQLResponse<T> {
  readonly status: number;
  readonly contentType: string | null;
  readonly data: T | null | undefined;
  readonly errors: readonly GraphQLErrorBody[] | undefined;
}

/** POSTs one GraphQL operation over real HTTP, as any client would. */
export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: GraphQLErrorBody[] };
  return { status: response.status, contentType: response.headers.get('content-type'), data: body.data, errors: body.errors };
}

/** The data of a response that must have succeeded; fails the test with the errors otherwise. */
export function ok<T>(response: GraphQLResponse<T>): T {
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  expect(response.data).toBeTruthy();
  return response.data!;
}

/** Asserts the response failed with `code` in `errors[].extensions.code` and carries no data for it. */
export function expectCode(response: GraphQLResponse<unknown>, code: string): void {
  const codes = (response.errors ?? []).map((error) => error.extensions?.code);
  expect(codes, `expected ${code}, got ${JSON.stringify(response.errors)} with data ${JSON.stringify(response.data)}`).toContain(code);
  const data = response.data as Record<string, unknown> | null | undefined;
  if (data) for (const value of Object.values(data)) expect(value).toBeNull();
  for (const error of response.errors ?? []) expect(JSON.stringify(error)).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
}
