/**
 * The console's one way to the server: the documented dev routes under the `/dev` it was served
 * from (`/dev` or a sandbox's `/sandboxes/<id>/dev`), and `/graphql` beside it for acting as a
 * user. Nothing else, so anything the console does a script can do with curl.
 */

/** Where the console is: the dev routes' base, and the server's paths beside it. */
export interface Place {
  /** `/dev` or `/sandboxes/<id>/dev`. */
  readonly dev: string;
  /** '' or `/sandboxes/<id>`: `/graphql` and the rest are under it. */
  readonly root: string;
  /** The sandbox shown, or null for the server's own state. */
  readonly sandbox: string | null;
}

export function placeOf(pathname: string): Place {
  const dev = pathname.replace(/\/+$/, '') || '/dev';
  const root = dev.endsWith('/dev') ? dev.slice(0, -'/dev'.length) : '';
  const sandbox = /^\/sandboxes\/([^/]+)$/.exec(root)?.[1] ?? null;
  return { dev, root, sandbox };
}

export const place: Place = placeOf(window.location.pathname);

/** A dev route's or GraphQL's refusal: the status, the `extensions.code` and the field at fault. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly field: string | null,
  ) {
    super(message);
  }
}

interface ErrorBody {
  readonly errors?: readonly { readonly message?: string; readonly extensions?: { readonly code?: string; readonly field?: string } }[];
}

async function answerOf<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    throw new ApiError(`${what}: ${response.status} and no JSON`, response.status, null, null);
  }
  if (!response.ok) {
    const first = (body as ErrorBody | null)?.errors?.[0];
    throw new ApiError(first?.message ?? `${what}: ${response.status}`, response.status, first?.extensions?.code ?? null, first?.extensions?.field ?? null);
  }
  return body as T;
}

function query(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL of a dev route (`/dev/state` → the place's `…/dev/state`). */
export function devUrl(path: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  return `${place.dev}${path}${query(params)}`;
}

/** `GET <dev>/<path>`. */
export async function devGet<T>(path: string, params: Readonly<Record<string, string | number | undefined>> = {}): Promise<T> {
  const response = await fetch(devUrl(path, params), { headers: { accept: 'application/json' } });
  return answerOf<T>(response, `GET ${place.dev}${path}`);
}

/** `POST`/`PUT`/`DELETE <dev>/<path>` with a JSON body. */
export async function devSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, params: Readonly<Record<string, string | number | undefined>> = {}): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json', 'content-type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(devUrl(path, params), init);
  return answerOf<T>(response, `${method} ${place.dev}${path}`);
}

/** What `GET /sandboxes` answers. */
export interface SandboxList {
  readonly count: number;
  readonly maxSandboxes: number;
  readonly sandboxes: readonly { readonly id: string; readonly devUrl: string }[];
}

/** `GET /sandboxes` (at the server's root): the sandboxes there are; null where the server has no sandboxes. */
export async function listSandboxes(): Promise<SandboxList | null> {
  try {
    const response = await fetch('/sandboxes', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return (await response.json()) as SandboxList;
  } catch {
    return null;
  }
}

/** `POST /sandboxes`: a new sandbox from the server's starting state. */
export async function makeSandbox(): Promise<{ readonly id: string; readonly devUrl: string }> {
  const response = await fetch('/sandboxes', { method: 'POST', headers: { accept: 'application/json' } });
  return answerOf<{ id: string; devUrl: string }>(response, 'POST /sandboxes');
}

export interface GraphQLAnswer<T> {
  readonly data?: T | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: { readonly code?: string; readonly field?: string } }[];
}

/**
 * One GraphQL operation as a user (`Authorization: Bearer <token>`) at the place's `/graphql`,
 * as any client sends it: the engine checks permissions and publishes the events.
 */
export async function graphql<T>(token: string, document: string, variables: Readonly<Record<string, unknown>>, operationName: string): Promise<T> {
  const response = await fetch(`${place.root}/graphql`, {
    method: 'POST',
    headers: { accept: 'application/graphql-response+json, application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: document, variables, operationName }),
  });
  const answer = (await response.json()) as GraphQLAnswer<T>;
  const first = answer.errors?.[0];
  if (first) throw new ApiError(first.message, response.status, first.extensions?.code ?? null, first.extensions?.field ?? null);
  if (!answer.data) throw new ApiError(`${operationName}: no data`, response.status, null, null);
  return answer.data;
}

/** A refusal as one line for the page: `CODE (field): message`. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code ? `${error.code}${error.field ? ` (${error.field})` : ''}: ` : '';
    return `${code}${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
