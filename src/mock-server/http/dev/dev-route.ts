import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../../schema/error-codes.js';
import type { Engine } from '../../engine/engine.js';
import type { DevControls } from '../../dev-controls.js';
import { BodyTooLarge, readBody } from '../body.js';
import { sendError } from '../respond.js';

/** What a dev route's handler gets besides the response. */
export interface DevRequest {
  readonly engine: Engine;
  /** Reset, snapshot and fixtures: the operations the MSW handler set calls too. */
  readonly controls: DevControls;
  readonly req: IncomingMessage;
  /** The query string (`?limit=20`). */
  readonly query: URLSearchParams;
}

export type DevHandler = (request: DevRequest, res: ServerResponse) => void | Promise<void>;

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

/** The request's body as text, or undefined after answering 413 (larger than `maxBytes`). */
export async function readTextBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<string | undefined> {
  try {
    return (await readBody(req, maxBytes)).toString('utf8');
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    sendError(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, `the request body is larger than ${maxBytes} bytes`, { connection: 'close' });
    return undefined;
  }
}

/**
 * The request's JSON body, or undefined after answering 400 (not JSON) or 413 (too large).
 * An empty body reads as `{}`.
 */
export async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const text = await readTextBody(req, res, MAX_DEV_BODY_BYTES);
  if (text === undefined) return undefined;
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    sendError(res, 400, ErrorCode.BAD_REQUEST, 'the request body must be JSON (Content-Type: application/json)');
    return undefined;
  }
}
