import { ErrorCode } from '../../../schema/error-codes.js';
import type { DevControls } from '../../dev-controls.js';
import { BodyTooLarge, readText } from '../body.js';
import { errorResponse } from '../respond.js';
import type { RouteHost } from '../route-host.js';

/** What a dev route's handler gets. */
export interface DevRequest {
  /** The current state (the outbox). */
  readonly host: RouteHost;
  /** Chaos, journal, reset, snapshot and fixtures: the operations the MSW handler set calls too. */
  readonly controls: DevControls;
  readonly request: Request;
  /** The query string (`?limit=20`). */
  readonly query: URLSearchParams;
}

export type DevHandler = (request: DevRequest) => Response | Promise<Response>;

/** The methods a dev route may answer (HEAD is answered wherever GET is). */
export type DevMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One resource under `/dev`: its path, a one-line description for the index page, and a handler
 * per method. Any other method is answered 405 with `Allow`.
 */
export interface DevRoute {
  /** The full path, e.g. `/dev/outbox`. */
  readonly path: string;
  readonly description: string;
  readonly methods: Readonly<Partial<Record<DevMethod, DevHandler>>>;
}

/** The largest body a dev route reads. */
const MAX_DEV_BODY_BYTES = 1024 * 1024;

/** The request's body as text, or the 413 answer when it is larger than `maxBytes`. */
export async function readTextBody(request: Request, maxBytes: number): Promise<string | Response> {
  try {
    return await readText(request, maxBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    return errorResponse(413, ErrorCode.PAYLOAD_TOO_LARGE, `the request body is larger than ${maxBytes} bytes`, { connection: 'close' });
  }
}

/** The request's JSON body, or the answer: 400 (not JSON) or 413 (too large). An empty body reads as `{}`. */
export async function readJsonBody(request: Request): Promise<{ readonly json: unknown } | Response> {
  const text = await readTextBody(request, MAX_DEV_BODY_BYTES);
  if (text instanceof Response) return text;
  if (text.trim() === '') return { json: {} };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return errorResponse(400, ErrorCode.BAD_REQUEST, 'the request body must be JSON (Content-Type: application/json)');
  }
}
