import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import type { MockState } from '../state/mock-state.js';
import { authorizeErrorHtml, authorizePageHtml } from './authorize-page.js';
import { BodyTooLarge, readBody } from './body.js';

/** The approval form holds two short fields; anything near this size is not that form. */
const FORM_MAX_BYTES = 16 * 1024;

const STATUS: Partial<Record<ErrorCode, number>> = { NOT_FOUND: 404, BAD_USER_INPUT: 400 };

/**
 * An authorize page must not be framed (clickjacking), cached, or leak its URL (which carries the
 * request id) in a Referer to the redirect URI. No script runs on it.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...PAGE_HEADERS, 'content-length': Buffer.byteLength(html), ...headers });
  res.end(html);
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * `/oauth/authorize?request_id=<id>[&redirect_uri=<uri>]`, the URL `oauthAuthorizationUrl` hands
 * out. GET shows the authorize page; POST (a form: `decision=approve&account=<id, username or
 * email>`, or `decision=deny`) answers it with a 303 to the redirect URI carrying `code` and
 * `state`, or `error=access_denied` and `state`. A request that cannot be answered (unknown,
 * expired, a bad redirect URI) gets an error page and no redirect (RFC 6749 4.1.2.1). The rules
 * are the domain's (`state/accounts/oauth.ts`); this only translates HTTP.
 */
export async function oauthRoute(state: MockState, req: IncomingMessage, res: ServerResponse, search: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'POST') {
    return sendHtml(res, 405, authorizeErrorHtml(`${req.method} is not allowed here; use GET to see the page, POST to answer it`), { allow: 'GET, POST' });
  }
  const query = new URLSearchParams(search);
  // RFC 6749 3.1: a parameter must not be sent more than once.
  const repeated = ['request_id', 'redirect_uri'].find((name) => query.getAll(name).length > 1);
  if (repeated) return sendHtml(res, 400, authorizeErrorHtml(`${repeated} is in the URL more than once`));
  const requestId = query.get('request_id');
  if (!requestId) return sendHtml(res, 400, authorizeErrorHtml('the URL has no request_id: ask oauthAuthorizationUrl for an authorize URL'));
  const redirectUri = query.get('redirect_uri') ?? undefined;
  try {
    if (req.method === 'GET') return sendHtml(res, 200, authorizePageHtml(state.oauth.open(requestId, redirectUri)));
    if (!isForm(req)) return sendHtml(res, 415, authorizeErrorHtml('answer with a form: Content-Type application/x-www-form-urlencoded'));
    const form = new URLSearchParams((await readBody(req, FORM_MAX_BYTES)).toString('utf8'));
    const decision = form.get('decision');
    let location: string;
    if (decision === 'approve') location = state.oauth.approve(requestId, redirectUri, form.get('account') ?? '');
    else if (decision === 'deny') location = state.oauth.deny(requestId, redirectUri);
    else return sendHtml(res, 400, authorizeErrorHtml('decision must be approve or deny'));
    res.writeHead(303, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'content-length': 0 }).end();
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendHtml(res, 413, authorizeErrorHtml(error.message), { connection: 'close' });
    if (error instanceof DomainError) return sendHtml(res, STATUS[error.code] ?? 400, authorizeErrorHtml(error.message));
    throw error;
  }
}
