import type { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import { authorizeErrorHtml, authorizePageHtml } from './authorize-page.js';
import { BodyTooLarge, readText } from './body.js';
import { textResponse } from './respond.js';
import type { RouteHost } from './route-host.js';

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

function htmlResponse(status: number, html: string, headers: Record<string, string> = {}): Response {
  return textResponse(status, html, { ...PAGE_HEADERS, ...headers });
}

function isForm(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * `/oauth/authorize?request_id=<id>[&redirect_uri=<uri>]`, the URL `oauthAuthorizationUrl` hands
 * out. GET shows the authorize page; POST (a form: `decision=approve&account=<id, username or
 * email>`, or `decision=deny`) answers it with a 303 to the redirect URI carrying `code` and
 * `state`, or `error=access_denied` and `state`. A request that cannot be answered (unknown,
 * expired, a bad redirect URI) gets an error page and no redirect (RFC 6749 4.1.2.1). The rules
 * are the domain's (`state/accounts/oauth.ts`); this only translates HTTP.
 */
export async function oauthRoute(host: RouteHost, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    return htmlResponse(405, authorizeErrorHtml(`${request.method} is not allowed here; use GET to see the page, POST to answer it`), { allow: 'GET, POST' });
  }
  const { state } = host;
  const query = new URL(request.url).searchParams;
  // RFC 6749 3.1: a parameter must not be sent more than once.
  const repeated = ['request_id', 'redirect_uri'].find((name) => query.getAll(name).length > 1);
  if (repeated) return htmlResponse(400, authorizeErrorHtml(`${repeated} is in the URL more than once`));
  const requestId = query.get('request_id');
  if (!requestId) return htmlResponse(400, authorizeErrorHtml('the URL has no request_id: ask oauthAuthorizationUrl for an authorize URL'));
  const redirectUri = query.get('redirect_uri') ?? undefined;
  try {
    if (request.method === 'GET') return htmlResponse(200, authorizePageHtml(state.oauth.open(requestId, redirectUri)));
    if (!isForm(request)) return htmlResponse(415, authorizeErrorHtml('answer with a form: Content-Type application/x-www-form-urlencoded'));
    const form = new URLSearchParams(await readText(request, FORM_MAX_BYTES));
    const decision = form.get('decision');
    let location: string;
    if (decision === 'approve') location = state.oauth.approve(requestId, redirectUri, form.get('account') ?? '');
    else if (decision === 'deny') location = state.oauth.deny(requestId, redirectUri);
    else return htmlResponse(400, authorizeErrorHtml('decision must be approve or deny'));
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'content-length': '0' } });
  } catch (error) {
    if (error instanceof BodyTooLarge) return htmlResponse(413, authorizeErrorHtml(error.message), { connection: 'close' });
    if (error instanceof DomainError) return htmlResponse(STATUS[error.code] ?? 400, authorizeErrorHtml(error.message));
    throw error;
  }
}
