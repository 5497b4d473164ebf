import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { MockState } from '../state/mock-state.js';
import { iso } from '../graphql/views/time.js';
import { sendError, sendJson } from './respond.js';

/**
 * `/dev/...`: what a developer or a test needs to see of the mock that a real backend keeps to
 * itself. Today: `GET /dev/outbox`, every mail the mock would have sent, oldest first.
 */
export function devRoute(state: MockState, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (pathname !== '/dev/outbox') return sendError(res, 404, ErrorCode.NOT_FOUND, `nothing is served at ${pathname}; the dev routes are /dev/outbox`);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, ErrorCode.BAD_REQUEST, 'use GET /dev/outbox', { allow: 'GET, HEAD' });
  const mails = state.outbox.list().map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, token: mail.token, link: mail.link, sentAt: iso(mail.sentAt) }));
  sendJson(res, 200, { mails });
}
