import { rewriteArgument, type ArgumentState } from '../support/operation.js';
import { startProxy, type GraphQLErrorBody, type GraphQLRequest, type GraphQLResponse, type ProxyCall, type ProxyHooks } from '../support/proxy.js';
import type { FrameHooks, WsMessage } from '../support/socket-relay.js';
import { mapJson } from '../support/response.js';

/**
 * One server that differs from the mock everywhere SPEC.md leaves room, all at once. The suite
 * must pass it completely: a failure here is the suite being stricter than the spec.
 */

/** What this server does differently, each with where the spec leaves it open. */
export const legalDifferences: readonly string[] = [
  'a path prefix: GraphQL at /api/v2/graphql (section 4: {base_url}/graphql)',
  'sequences start at 1000 and step by 3 (2.1: "increasing order number", nothing more)',
  'cursors are cur.<hex> (2.1 MessagePage.endCursor: opaque)',
  'request errors (no data) answer HTTP 400, refusals with data null 401, 403, 404 or 400 by code, always as application/graphql-response+json; successes as application/json (7: the shape of an error response is not shown)',
  'every error message is the same generic sentence, without path or locations (7: only codes are shown)',
  'a conversation that does not exist is FORBIDDEN rather than NOT_FOUND (7 names no code for it)',
  'DateTime values have no fraction and the offset +00:00 (2: a UTC RFC 3339 date-time)',
  'reaction groups and their user ids come newest first (2.1 ReactionSummary: grouped by emoji, no order)',
  'user ids are usr_<hex> and attachment ids att_<hex>, not UUIDs (2: only ids of conversations and messages are UUIDs)',
  'the WebSocket takes the token only as connection_init {"token": T} and closes with 4403 otherwise (6: socket authentication is not shown)',
  'a refused subscription is answered with a graphql-ws error message, not a result with errors (6: the handshake is not shown)',
  'events show sequences, ids, dates and reactions the way the queries do (the same rewriting as HTTP)',
];

export const PATH_PREFIX = '/api/v2';

const FIRST_SEQUENCE = 1000;
const STEP = 3;
const SEQUENCE_FIELDS = new Set(['sequence', 'lastReadSequence', 'lastMessageSequence']);

/** A real sequence as this server shows it; 0 and below ("none") stay as they are. */
export function shownSequence(real: number): number {
  return real <= 0 ? real : FIRST_SEQUENCE + STEP * (real - 1);
}

/**
 * A sequence from a client back to a real one, keeping "messages with a larger sequence": a
 * shown value between two real ones means the lower one. Negative values stay negative (refused).
 */
export function realSequence(shown: number): number {
  if (shown < 0) return shown;
  if (shown < FIRST_SEQUENCE) return 0;
  return Math.floor((shown - FIRST_SEQUENCE) / STEP) + 1;
}

const CURSOR = /^cur\.((?:[0-9a-f]{2})+)$/;

export function wrapCursor(upstream: string): string {
  return `cur.${Buffer.from(upstream, 'utf8').toString('hex')}`;
}

/** A cursor of this server back to the upstream's; anything else becomes a cursor no server issued. */
export function unwrapCursor(cursor: string): string {
  const hex = CURSOR.exec(cursor)?.[1];
  return hex ? Buffer.from(hex, 'hex').toString('utf8') : `~${cursor}`;
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/** Ids of one kind written as `<tag>_<32 hex digits>`; anything else passes unchanged (and names nothing upstream). */
function idFormat(tag: string) {
  const shown = new RegExp(`^${tag}_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$`);
  return {
    show: (id: unknown) => (typeof id === 'string' && UUID.test(id) ? `${tag}_${id.replaceAll('-', '')}` : id),
    real: (id: unknown) => (typeof id === 'string' ? (shown.exec(id)?.slice(1).join('-') ?? id) : id),
  };
}

const userIds = idFormat('usr');
const attachmentIds = idFormat('att');

type Change = (current: ArgumentState) => ArgumentState;

function present(change: (value: unknown) => unknown): Change {
  return (current) => (current.present && current.value !== null ? { present: true, value: change(current.value) } : current);
}

const toRealSequence = present((value) => (typeof value === 'number' && Number.isInteger(value) ? realSequence(value) : value));
const toUpstreamCursor = present((value) => (typeof value === 'string' ? unwrapCursor(value) : value));
const toRealUser = present(userIds.real);
const toRealMembers = present((input) => {
  const memberIds = (input as { memberIds?: unknown }).memberIds;
  return Array.isArray(memberIds) ? { ...(input as object), memberIds: memberIds.map(userIds.real) } : input;
});

/** Every argument that carries a sequence, a cursor or a reformatted id, per root field. */
const ARGUMENTS: readonly [field: string, argument: string, change: Change][] = [
  ['messagesSince', 'afterSequence', toRealSequence],
  ['markConversationAsRead', 'sequence', toRealSequence],
  ['messages', 'before', toUpstreamCursor],
  ['conversations', 'after', toUpstreamCursor],
  ['browseChannels', 'after', toUpstreamCursor],
  ['notifications', 'after', toUpstreamCursor],
  ['createChannel', 'input', toRealMembers],
  ['addChannelMember', 'memberId', toRealUser],
  ['createDirectConversation', 'participantId', toRealUser],
  ['attachmentDownloadUrl', 'attachmentId', present(attachmentIds.real)],
  ['attachmentPreviewUrl', 'attachmentId', present(attachmentIds.real)],
];

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/;

/** A member of a response object as this server shows it (`value` is already shown inside). */
function shownValue(key: string, value: unknown): unknown {
  if (SEQUENCE_FIELDS.has(key) && typeof value === 'number') return shownSequence(value);
  if (key === 'endCursor' && typeof value === 'string') return wrapCursor(value);
  if (key === 'senderId' || key === 'userId') return userIds.show(value);
  if (key === 'userIds' && Array.isArray(value)) return value.map(userIds.show).reverse();
  if (key === 'reactions' && Array.isArray(value)) return [...value].reverse();
  if ((key === 'user' || key === 'me') && value !== null && typeof value === 'object') return { ...value, id: userIds.show((value as { id?: unknown }).id) };
  if (key === 'attachments' && Array.isArray(value)) return value.map((a: Record<string, unknown>) => ({ ...a, id: attachmentIds.show(a['id']) }));
  if (typeof value === 'string') {
    const dateTime = DATE_TIME.exec(value);
    if (dateTime) return `${dateTime[1]}+00:00`;
  }
  return value;
}

function shownError(error: GraphQLErrorBody, call: ProxyCall): GraphQLErrorBody {
  const code = error.extensions?.['code'];
  // The mock answers NOT_FOUND for a conversation that does not exist; the anchor's NOT_FOUND is the spec's own and stays.
  const unknownConversation = code === 'NOT_FOUND' && /\bconversation\b/.test(error.message) && !/aroundMessageId/.test(error.message) && call.fields.some((f) => f === 'messages' || f === 'messagesSince');
  return { message: 'The request was refused; see extensions.code.', extensions: { code: unknownConversation ? 'FORBIDDEN' : code } };
}

const STATUS_OF_CODE: Readonly<Record<string, number>> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };
const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

function shownResponse(response: GraphQLResponse, call: ProxyCall): GraphQLResponse {
  const { data, errors } = response.body;
  const shownErrors = errors?.map((error) => shownError(error, call));
  const body = {
    ...(data === undefined ? {} : { data: data === null ? null : (mapJson(data, shownValue) as Record<string, unknown>) }),
    ...(shownErrors ? { errors: shownErrors } : {}),
  };
  if (!shownErrors?.length) return { ...response, headers: { ...response.headers, 'content-type': JSON_TYPE }, body };
  if (data != null) return { ...response, body };
  // A request error (no data at all) is 400; a refusal during execution (data null) takes the status of its code.
  const code = shownErrors[0]?.extensions?.['code'];
  const status = data === undefined ? 400 : (STATUS_OF_CODE[String(code)] ?? 400);
  const headers: Record<string, string> = { ...response.headers, 'content-type': GRAPHQL_RESPONSE_TYPE };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  return { status, headers, body };
}

/** The realtime side: its own token form, refusals as error messages, events shown like query results. */
const legalFrames: FrameHooks = {
  toServer(message) {
    if (message['type'] !== 'connection_init') return undefined;
    const token = (message['payload'] as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return { close: 4403, reason: 'Forbidden' };
    return [{ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } }];
  },
  toClient(message): readonly WsMessage[] | undefined {
    if (message['type'] !== 'next') return undefined;
    const payload = message['payload'] as { data?: unknown; errors?: GraphQLErrorBody[] };
    if (payload.errors?.length && payload.data == null) {
      const errors = payload.errors.map((error) => ({ message: 'The subscription was refused; see extensions.code.', extensions: { code: error.extensions?.['code'] } }));
      return [{ id: message['id'], type: 'error', payload: errors }];
    }
    return [{ ...message, payload: { ...payload, data: payload.data == null ? payload.data : mapJson(payload.data, shownValue) } }];
  },
};

export const legalHooks: ProxyHooks = {
  request: (request, fields): GraphQLRequest =>
    ARGUMENTS.filter(([field]) => fields.includes(field)).reduce((r, [field, argument, change]) => rewriteArgument(r, field, argument, change), request),
  response: shownResponse,
  frames: legalFrames,
};

/**
 * Starts the legal variant in front of `upstream` and returns the base URL to give the suite
 * (`${origin}/api/v2`).
 */
export async function startLegalVariant(upstream: string): Promise<{ baseUrl: string; failures: readonly string[]; close(): Promise<void> }> {
  const proxy = await startProxy({ upstream, pathPrefix: PATH_PREFIX, hooks: legalHooks });
  return { baseUrl: `${proxy.origin}${PATH_PREFIX}`, failures: proxy.failures, close: proxy.close };
}
