import { ErrorCode } from '../../schema/error-codes.js';
import { BodyTooLarge, readText } from '../routes/body.js';
import { errorResponse, jsonResponse } from '../routes/respond.js';
import { SnapshotError } from '../state/snapshot/errors.js';
import { SandboxesUnavailable, SandboxLimitReached, type SandboxRegistry } from './sandbox-registry.js';
import type { Sandbox } from './sandbox.js';

/** Where under `/sandboxes` a path is: the collection (`id` null), a sandbox itself (`rest` ''), or a route of one. */
export interface SandboxPlace {
  readonly id: string | null;
  /** The path after `/sandboxes/<id>`: '' for the sandbox itself, `/graphql`, `/dev/reset`... */
  readonly rest: string;
}

/** The largest body `POST /sandboxes` reads: a snapshot, as large as `PUT /dev/snapshot` takes. */
const MAX_BODY_BYTES = 256 * 1024 ** 2;

const SANDBOX_PATH = /^\/sandboxes\/([^/]+)(\/.*)?$/;

/** Where `pathname` is under `/sandboxes`, or null when it is not. */
export function sandboxPlace(pathname: string): SandboxPlace | null {
  if (pathname === '/sandboxes' || pathname === '/sandboxes/') return { id: null, rest: '' };
  const match = SANDBOX_PATH.exec(pathname);
  return match ? { id: match[1]!, rest: match[2] ?? '' } : null;
}

/**
 * Whether a place steers sandboxes (make, drop, their `/dev`), which a door guards as it guards
 * `/dev`; a sandbox's `/graphql`, `/uploads`, `/files`, `/oauth` and `/ready` are guarded as the root's.
 */
export function steersSandboxes(place: SandboxPlace): boolean {
  return place.id === null || place.rest === '' || place.rest === '/' || place.rest === '/dev' || place.rest.startsWith('/dev/');
}

/** What `POST /sandboxes` answers: where the new sandbox is. */
export interface SandboxAddress {
  readonly id: string;
  /** `http://HOST/sandboxes/<id>`: every route of the root is under it. */
  readonly origin: string;
  readonly url: string;
  readonly wsUrl: string;
  readonly devUrl: string;
  /** The sandbox is dropped after this long without a request or an open socket. */
  readonly idleTimeoutMs: number;
}

/** The URLs of `sandbox` on a server whose origin is `serverOrigin` (`http://HOST:PORT`). */
export function sandboxAddress(serverOrigin: string, sandbox: Sandbox, idleTimeoutMs: number): SandboxAddress {
  const origin = `${serverOrigin}${sandbox.base}`;
  return { id: sandbox.id, origin, url: `${origin}/graphql`, wsUrl: `${origin.replace(/^http/, 'ws')}/graphql`, devUrl: `${origin}/dev`, idleTimeoutMs };
}

/**
 * `/sandboxes` and everything under it, as one Fetch route: `POST /sandboxes` makes one (from the
 * server's starting state, or `{ "snapshot": ... }`), `GET /sandboxes` lists them (the door answers
 * it only where it answers `/dev`, which hands out more than an id: every token), `DELETE
 * /sandboxes/<id>` drops one, and `/sandboxes/<id>/...` is served by that sandbox as the root
 * serves `/...`. An id that names no sandbox is a 404.
 */
export async function sandboxesRoute(registry: SandboxRegistry, request: Request, place: SandboxPlace): Promise<Response> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (place.id === null) {
    if (method === 'POST') return create(registry, request);
    if (method === 'GET') {
      const serverOrigin = new URL(request.url).origin;
      const sandboxes = registry.list().map((sandbox) => sandboxAddress(serverOrigin, sandbox, registry.idleTimeoutMs));
      return jsonResponse(200, { count: sandboxes.length, maxSandboxes: registry.maxSandboxes, idleTimeoutMs: registry.idleTimeoutMs, sandboxes });
    }
    return errorResponse(405, ErrorCode.BAD_REQUEST, 'use POST /sandboxes to make a sandbox, GET /sandboxes to list them', { allow: 'GET, HEAD, POST' });
  }
  if (place.rest === '' || place.rest === '/') {
    if (method !== 'DELETE') return errorResponse(405, ErrorCode.BAD_REQUEST, 'use DELETE /sandboxes/<id> to drop a sandbox; its routes are under it (/graphql, /dev...)', { allow: 'DELETE' });
    return registry.drop(place.id) ? new Response(null, { status: 204 }) : unknown(registry);
  }
  const sandbox = registry.get(place.id);
  return sandbox ? sandbox.route(request) : unknown(registry);
}

function unknown(registry: SandboxRegistry): Response {
  return errorResponse(
    404,
    ErrorCode.NOT_FOUND,
    `no sandbox has this id: it was never made, was dropped (DELETE), or was reclaimed after ${registry.idleTimeoutMs} ms unused (--sandbox-idle-timeout); POST /sandboxes makes a new one`,
  );
}

async function create(registry: SandboxRegistry, request: Request): Promise<Response> {
  let text: string;
  try {
    text = await readText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return errorResponse(413, ErrorCode.PAYLOAD_TOO_LARGE, `the body of POST /sandboxes is larger than ${MAX_BODY_BYTES} bytes`, { connection: 'close' });
  }
  let snapshot: unknown;
  if (text.trim() !== '') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return errorResponse(400, ErrorCode.BAD_REQUEST, 'the body of POST /sandboxes must be JSON: nothing, {}, or { "snapshot": <a document as GET /dev/snapshot gives> }');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return errorResponse(400, ErrorCode.BAD_REQUEST, 'the body of POST /sandboxes must be a JSON object: {} or { "snapshot": ... }');
    const extra = Object.keys(body).find((key) => key !== 'snapshot');
    if (extra !== undefined) return errorResponse(400, ErrorCode.BAD_REQUEST, `POST /sandboxes takes only "snapshot", not ${JSON.stringify(extra.slice(0, 40))}`);
    snapshot = (body as { snapshot?: unknown }).snapshot;
  }
  try {
    const sandbox = await registry.create(snapshot);
    return jsonResponse(201, sandboxAddress(new URL(request.url).origin, sandbox, registry.idleTimeoutMs));
  } catch (error) {
    if (error instanceof SandboxLimitReached) return errorResponse(429, ErrorCode.QUOTA_EXCEEDED, error.message);
    if (error instanceof SandboxesUnavailable) return errorResponse(400, ErrorCode.BAD_REQUEST, error.message);
    if (error instanceof SnapshotError) return errorResponse(400, error.code, `snapshot: ${error.message}`);
    throw error;
  }
}
