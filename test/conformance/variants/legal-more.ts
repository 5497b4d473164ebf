import { randomUUID } from 'node:crypto';
import type { ConformanceOptions } from '../../../src/conformance/run.js';
import { eachNode, given } from '../support/fault.js';
import type { GraphQLRequest, ProxyHooks } from '../support/proxy.js';
import { refusal } from '../support/response.js';

/**
 * More servers that differ from the mock only where SPEC.md is open, each on its own: the first
 * version of the suite failed or could not run against them (see `why`), so they are kept as a
 * regression list. Every one must pass with no failed check.
 */
export interface LegalButFailed {
  readonly name: string;
  /** What the server does, and where SPEC.md leaves it open. */
  readonly difference: string;
  /** What the first version of the suite did with it: failed these checks, or aborted with a message containing this text. */
  readonly outcome: { readonly failing: readonly string[] } | { readonly aborts: string };
  /** Run with ready accounts (`--credentials`), as an operator of this server would. @default false */
  readonly withAccounts?: boolean;
  /** Run options an operator of this server would give, e.g. where its errors carry the code. @default none */
  readonly runOptions?: Pick<ConformanceOptions, 'errorCodePath'>;
  /** Why that version did, and what the suite could do instead (it now does: every entry must pass). */
  readonly why: string;
  /**
   * Where the difference leaves some MUST checks with nothing to test (the suite never passes
   * what it did not test): the run fails nothing but exits 2, with a cause containing this text.
   * @default every check runs, and the run exits 0
   */
  readonly couldNotRun?: string;
  readonly hooks: ProxyHooks;
}

function makeSystemMessageOnCreate(): LegalButFailed {
  const systemIds = new Set<string>();
  return {
    name: 'system-message-on-channel-creation',
    difference: 'createChannel posts a SYSTEM message ("<title> was created") as the channel\'s first message. 2.1: "type: TEXT for user-sent messages; SYSTEM also exists"; when SYSTEM messages appear is not shown (section 3: transitions not shown; 4.4: createChannel by signature only)',
    outcome: {
      failing: [
        'fields.message-as-sent',
        'messages.empty-conversation',
        'messages.end-cursor.null-when-empty',
        'messages.has-next-page.older-exist',
        'messages.has-next-page.exact-boundary',
        'messages.around.oldest-anchor',
        'since.after-zero.from-start',
        'since.first.default-50',
        'since.has-next-page.continue',
        'cross.walks-agree',
        'cross.concurrent-sends',
      ],
    },
    why: 'the suite assumes a conversation it created holds exactly the messages it sent (the "empty" channel must be empty, every message of main must be one it sent, walks must return exactly them); it could read each fresh conversation once after creating it and treat what is already there as given, and compare only its own messages',
    hooks: {
      async response(response, call) {
        const created = call.fields.includes('createChannel') ? (response.body.data?.['createChannel'] as { id?: string } | null | undefined) : undefined;
        if (typeof created?.id === 'string') {
          const input = given(call.received, 'createChannel', 'input') as { title?: string } | undefined;
          const request: GraphQLRequest = {
            query: 'mutation System($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
            variables: { input: { conversationId: created.id, clientMessageId: `system-${randomUUID()}`, content: `${input?.title ?? 'the channel'} was created` } },
            ...(call.received.authorization === undefined ? {} : { authorization: call.received.authorization }),
          };
          const system = (await call.upstream(request)).body.data?.['sendMessage'] as { id?: string } | null | undefined;
          if (typeof system?.id === 'string') systemIds.add(system.id);
          return undefined;
        }
        return eachNode(response, call, (node) => (systemIds.has(node.id) && 'type' in node ? { ...node, type: 'SYSTEM' } : node));
      },
    },
  };
}

export const systemMessageOnCreate = makeSystemMessageOnCreate();

/** Stands in for a send the rate limit refused: it reaches the upstream as a no-op. */
const REFUSED_SEND = 'query RateLimited { __typename }';
const CONCURRENT_SENDS = 1;

function makeBurstRateLimit(): LegalButFailed {
  const inFlight = new Map<string, number>();
  return {
    name: 'send-rate-limit',
    difference: `a sendMessage that arrives while ${CONCURRENT_SENDS} of the same token's are in flight is refused with HTTP 429 and code RATE_LIMITED (section 8: "Rate limits are not shown")`,
    outcome: { failing: ['cross.concurrent-sends'] },
    why: 'cross.concurrent-sends fires 300 sends at once and fails on the first refusal ("every concurrent send acknowledged"); it could retry refused sends (honouring Retry-After), or check only the sends that were acknowledged',
    hooks: {
      request(request, fields) {
        if (!fields.includes('sendMessage')) return undefined;
        const token = request.authorization ?? '';
        const count = inFlight.get(token) ?? 0;
        if (count >= CONCURRENT_SENDS) return { query: REFUSED_SEND, variables: {}, operationName: null };
        inFlight.set(token, count + 1);
        return undefined;
      },
      response(_response, call) {
        if (call.sent.query === REFUSED_SEND) {
          return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, body: { errors: [{ message: 'too many messages at once; retry after 1 s', extensions: { code: 'RATE_LIMITED' } }] } };
        }
        if (call.fields.includes('sendMessage')) {
          const token = call.received.authorization ?? '';
          inFlight.set(token, (inFlight.get(token) ?? 1) - 1);
        }
        return undefined;
      },
    },
  };
}

export const burstRateLimit = makeBurstRateLimit();

export const rootTypeNamedQueryRoot: LegalButFailed = {
  name: 'root-query-type-named-query_root',
  difference: 'the root query type is named query_root, so { __typename } answers "query_root" (the spec never names the root types; Hasura, for one, uses query_root)',
  outcome: { aborts: 'did not answer a GraphQL request' },
  why: 'the preflight accepts only data.__typename === "Query"; any string would show a GraphQL server answered',
  hooks: {
    response: (response, call) => {
      // Its introspection says so too: the signature checks compare roots by role, not by name.
      if (call.fields.includes('__schema') && response.body.data) return { ...response, body: { ...response.body, data: renameQueryRoot(response.body.data) as Record<string, unknown> } };
      return call.fields.includes('__typename') && response.body.data?.['__typename'] === 'Query' ? { ...response, body: { ...response.body, data: { ...response.body.data, __typename: 'query_root' } } } : undefined;
    },
  },
};

/** An introspection result with the root query type named query_root (type definitions, references and `queryType`). */
function renameQueryRoot(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameQueryRoot(item));
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([k, inner]) => [k, renameQueryRoot(inner, k)]));
  if (copy['name'] === 'Query' && (copy['kind'] === 'OBJECT' || key === 'queryType')) copy['name'] = 'query_root';
  return copy;
}

export const tokenForEverything: LegalButFailed = {
  name: 'token-required-for-every-operation',
  difference: 'every operation needs a bearer token (HTTP 401 and UNAUTHENTICATED without one); accounts come from --credentials. Section 5 gaps: "Whether operations other than the two queries above require a token (including login, register, health) is not shown"',
  outcome: { aborts: 'did not answer a GraphQL request' },
  withAccounts: true,
  why: 'the preflight is sent without a token even when --credentials gives some, and takes the refusal for "not a GraphQL server"; it could send A\'s token when it has one, or accept any GraphQL response (errors included) as proof of a GraphQL server',
  hooks: {
    response: (_response, call) => (call.received.authorization ? undefined : { ...refusal(call.fields[0] ?? 'query', 'UNAUTHENTICATED', 'sign in first'), status: 401 }),
  },
};

export const uploadHostUnreachable: LegalButFailed = {
  name: 'upload-url-on-an-unreachable-host',
  difference: 'createUploadUrl hands out URLs on a storage host the suite cannot reach (an internal name such as storage.invalid); createUploadUrl is specified by signature only (4.4)',
  outcome: { aborts: 'cannot be resolved' },
  couldNotRun: "the server's upload did not work",
  why: 'provision.ts means to skip the attachment checks with a note when the upload does not work, and does so for an HTTP refusal (a 404 on the PUT), but Target.put throws TargetUnreachable for a network error, which attach() does not catch, so the whole run aborts',
  hooks: {
    response(response, call) {
      const upload = call.fields.includes('createUploadUrl') ? (response.body.data?.['createUploadUrl'] as { key?: string } | null | undefined) : undefined;
      if (!upload?.key) return undefined;
      return { ...response, body: { ...response.body, data: { ...response.body.data, createUploadUrl: { ...upload, uploadUrl: `http://storage.invalid/uploads/${upload.key}` } } } };
    },
  },
};

export const legalButFailed: readonly LegalButFailed[] = [systemMessageOnCreate, burstRateLimit, rootTypeNamedQueryRoot, tokenForEverything, uploadHostUnreachable];
