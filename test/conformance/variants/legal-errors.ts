import type { GraphQLErrorBody, GraphQLResponse, ProxyHooks } from '../support/proxy.js';
import type { WsMessage } from '../support/socket-relay.js';
import type { LegalButFailed } from './legal-more.js';

/**
 * Two more servers that differ from the mock only in how an error travels, which SPEC.md section
 * 7 leaves open: "the HTTP status of errors, where the code is carried, the message text". Each
 * must pass with no failed check.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

export const errorsAsPlainOk: LegalButFailed = {
  name: 'every-error-http-200-application-json',
  difference:
    'every GraphQL response is HTTP 200 with Content-Type application/json, errors included (refusals, request errors), the legacy GraphQL-over-HTTP way; the mock answers application/graphql-response+json, and 4xx for request errors. 7: the HTTP status of errors is open, and so is the media type',
  outcome: { failing: [] },
  why: 'the suite passed it from the start: it reads refusals from the body, never from the status or the media type; kept so that no check starts to (many servers and gateways answer everything 200 application/json)',
  hooks: {
    response: (response): GraphQLResponse => ({ ...response, status: response.body.errors?.length ? 200 : response.status, headers: { ...response.headers, 'content-type': JSON_TYPE } }),
  },
};

/** The error with its code moved from `extensions.code` to `extensions.error.code`. */
function codeMoved(error: GraphQLErrorBody): GraphQLErrorBody {
  const { code, ...others } = error.extensions ?? {};
  if (code === undefined) return error;
  return { ...error, extensions: { ...others, error: { code } } };
}

function errorsMoved(value: unknown): unknown {
  return Array.isArray(value) ? value.map((error) => (error !== null && typeof error === 'object' ? codeMoved(error as GraphQLErrorBody) : error)) : value;
}

/** Refusals of subscriptions carry their codes the same way: in `next` results and `error` messages. */
function frameMoved(message: WsMessage): readonly WsMessage[] | undefined {
  if (message['type'] === 'error') return [{ ...message, payload: errorsMoved(message['payload']) }];
  const payload = message['payload'] as { errors?: unknown } | undefined;
  if (message['type'] !== 'next' || !payload?.errors) return undefined;
  return [{ ...message, payload: { ...payload, errors: errorsMoved(payload.errors) } }];
}

const codeElsewhere: ProxyHooks = {
  response: (response): GraphQLResponse | undefined =>
    response.body.errors?.length ? { ...response, body: { ...response.body, errors: errorsMoved(response.body.errors) as GraphQLErrorBody[] } } : undefined,
  frames: { toClient: frameMoved },
};

export const errorCodeElsewhere: LegalButFailed = {
  name: 'error-code-at-extensions-error-code',
  difference: 'each error carries its code at extensions.error.code (an error object of the server\'s own, as some frameworks nest it), with no extensions.code; over HTTP and in subscription refusals alike. The run says so with errorCodePath: "extensions.error.code" (--error-code-path). 7: where the code is carried is open',
  outcome: { failing: [] },
  runOptions: { errorCodePath: 'extensions.error.code' },
  why: 'the suite passed it from the start, given errorCodePath (without it, every errors.* check fails: the codes are not where it looks); kept so that every check goes on reading codes through errorCodePath, none at extensions.code on its own',
  hooks: codeElsewhere,
};

export const legalErrorShapes: readonly LegalButFailed[] = [errorsAsPlainOk, errorCodeElsewhere];
