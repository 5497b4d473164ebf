import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { Engine } from '../engine/engine.js';
import type { StateBaseline } from '../state/snapshot/baseline.js';
import { SnapshotError } from '../state/snapshot/errors.js';
import { exportSnapshot } from '../state/snapshot/export.js';
import { restoreSnapshot } from '../state/snapshot/restore.js';
import { BodyTooLarge, readBody } from './body.js';
import { sendError, sendJson } from './respond.js';

/** The largest snapshot `PUT /dev/snapshot` reads. */
const MAX_SNAPSHOT_BYTES = 256 * 1024 ** 2;

export const devSnapshotPaths: readonly string[] = ['/dev/reset', '/dev/snapshot'];

/**
 * `POST /dev/reset`: back to the state the server started with. `GET /dev/snapshot`: the whole
 * state as a JSON download. `PUT /dev/snapshot`: replace the state with a snapshot (a bad one is
 * refused with 400 and one sentence, and nothing changes). A reset or a restore closes the open
 * WebSocket connections (their subscriptions belong to the old state); sessions are part of a
 * snapshot, so tokens of the restored state keep working.
 */
export async function devSnapshotRoute(engine: Engine, baseline: StateBaseline, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  if (pathname === '/dev/reset') {
    if (req.method !== 'POST') return sendError(res, 405, ErrorCode.BAD_REQUEST, 'use POST /dev/reset', { allow: 'POST' });
    engine.replaceState(baseline.fresh());
    return sendJson(res, 200, { status: 'reset' });
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const body = JSON.stringify(exportSnapshot(engine.state));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': 'attachment; filename="parley-state.json"',
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'GET' ? body : undefined);
    return;
  }
  if (req.method !== 'PUT') return sendError(res, 405, ErrorCode.BAD_REQUEST, 'use GET /dev/snapshot to download the state, PUT to restore one', { allow: 'GET, HEAD, PUT' });
  let text: string;
  try {
    text = (await readBody(req, MAX_SNAPSHOT_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendError(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, error.message, { connection: 'close' });
    throw error;
  }
  try {
    // The checks (and valibot) load with the first restore, not at start-up.
    const { parseSnapshot } = await import('../state/snapshot/validate.js');
    engine.replaceState(restoreSnapshot(parseSnapshot(text), engine.state.options));
  } catch (error) {
    if (error instanceof SnapshotError) return sendError(res, 400, error.code, error.message);
    throw error;
  }
  sendJson(res, 200, { status: 'restored' });
}
