import { given, messageQueriesIn, type Fault } from '../support/fault.js';
import { withoutArgument } from '../support/operation.js';
import type { GraphQLResponse } from '../support/proxy.js';
import { answer, pageIn, refusal, refusedWith } from '../support/response.js';

/** Faults in the refusals of SPEC.md section 7 (and 4.1 rule 1, 4.2 rule 1, 5 rules 2 and 3). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY_PAGE = { nodes: [], endCursor: null, hasNextPage: false };

function withCode(response: GraphQLResponse, from: string, to: string): GraphQLResponse {
  const errors = response.body.errors?.map((error) => (error.extensions?.['code'] === from ? { ...error, extensions: { ...error.extensions, code: to } } : error));
  return { ...response, body: { ...response.body, ...(errors ? { errors } : {}) } };
}

export const unauthenticatedAsForbidden: Fault = {
  name: 'unauthenticated-answered-forbidden',
  rule: 'section 5 rule 2 and section 7 row 1: a missing or invalid access token yields UNAUTHENTICATED',
  breaks: ['errors.unauthenticated'],
  hooks: { response: (response) => (refusedWith(response, 'UNAUTHENTICATED') ? withCode(response, 'UNAUTHENTICATED', 'FORBIDDEN') : undefined) },
};

export const nonMemberReads: Fault = {
  name: 'non-member-gets-empty-page',
  rule: '4.1 rule 1, 4.2 rule 1, section 5 rule 3: a caller who is not a member of the conversation receives FORBIDDEN, even as a member of the workspace',
  breaks: ['errors.forbidden.workspace-member'],
  hooks: {
    response(response, call) {
      const field = messageQueriesIn(call.fields)[0];
      return field && refusedWith(response, 'FORBIDDEN') ? answer(field, EMPTY_PAGE) : undefined;
    },
  },
};

function makeForeignCursorAccepted(): Fault {
  /** Each cursor handed out, with the conversation it came from. */
  const origins = new Map<string, string>();
  return {
    name: 'foreign-cursor-accepted',
    rule: '4.1 argument before and section 7 row 4: a cursor is valid only for the conversation that produced it (BAD_USER_INPUT otherwise)',
    breaks: ['errors.before.other-conversation'],
    hooks: {
      request(request, fields) {
        if (!fields.includes('messages')) return undefined;
        const before = given(request, 'messages', 'before');
        const origin = typeof before === 'string' ? origins.get(before) : undefined;
        return origin && origin !== given(request, 'messages', 'conversationId') ? withoutArgument(request, 'messages', 'before') : undefined;
      },
      response(response, call) {
        const cursor = call.fields.includes('messages') ? pageIn(response, 'messages')?.endCursor : null;
        const conversationId = given(call.received, 'messages', 'conversationId');
        if (cursor && typeof conversationId === 'string') origins.set(cursor, conversationId);
        return undefined;
      },
    },
  };
}

export const foreignCursorAccepted = makeForeignCursorAccepted();

function makeMalformedCursorIgnored(): Fault {
  const handedOut = new Set<string>();
  return {
    name: 'malformed-cursor-ignored',
    rule: 'section 7 row 4: a malformed before cursor is BAD_USER_INPUT (here: it is ignored)',
    breaks: ['errors.before.malformed'],
    hooks: {
      async response(response, call) {
        for (const field of messageQueriesIn(call.fields)) {
          const cursor = pageIn(response, field)?.endCursor;
          if (cursor) handedOut.add(cursor);
        }
        const before = call.fields.includes('messages') ? given(call.received, 'messages', 'before') : undefined;
        if (typeof before !== 'string' || handedOut.has(before) || !refusedWith(response, 'BAD_USER_INPUT')) return undefined;
        return call.upstream(withoutArgument(call.sent, 'messages', 'before'));
      },
    },
  };
}

export const malformedCursorIgnored = makeMalformedCursorIgnored();

export const conversationIdUnchecked: Fault = {
  name: 'conversation-id-format-not-found',
  rule: 'section 7 row 2: a conversationId that is not a valid id format is BAD_USER_INPUT (here: NOT_FOUND)',
  breaks: ['errors.conversation-id.format'],
  hooks: {
    response(response, call) {
      const field = messageQueriesIn(call.fields)[0];
      const id = field && given(call.received, field, 'conversationId');
      return field && typeof id === 'string' && !UUID.test(id) && refusedWith(response, 'BAD_USER_INPUT') ? refusal(field, 'NOT_FOUND', `conversation ${id} does not exist`) : undefined;
    },
  },
};

export const aroundFormatIgnored: Fault = {
  name: 'around-message-id-format-ignored',
  rule: 'section 7 row 5: an aroundMessageId that is not a valid id format is BAD_USER_INPUT (here: it is ignored)',
  breaks: ['errors.around.format'],
  hooks: {
    request(request, fields) {
      const anchor = fields.includes('messages') ? given(request, 'messages', 'aroundMessageId') : undefined;
      return typeof anchor === 'string' && !UUID.test(anchor) ? withoutArgument(request, 'messages', 'aroundMessageId') : undefined;
    },
  },
};

export const missingAnchorIgnored: Fault = {
  name: 'missing-anchor-ignored',
  rule: 'section 7 row 8 and 4.1 argument aroundMessageId: an anchor that does not exist, is deleted or belongs to another conversation is NOT_FOUND (here: the newest page)',
  breaks: ['errors.around.not-found'],
  hooks: {
    response(response, call) {
      if (!call.fields.includes('messages') || given(call.received, 'messages', 'aroundMessageId') === undefined || !refusedWith(response, 'NOT_FOUND')) return undefined;
      return call.upstream(withoutArgument(call.sent, 'messages', 'aroundMessageId'));
    },
  },
};

/** A fault that also tells which messages were deleted through it, so a test can recognise their ids. */
export interface DeletedAnchorFault extends Fault {
  readonly deletedIds: ReadonlySet<string>;
}

/** A fresh fault of its kind: its own list of deleted ids. */
export function makeDeletedAnchorAccepted(): DeletedAnchorFault {
  const deletedIds = new Set<string>();
  return {
    name: 'deleted-anchor-accepted',
    rule: 'section 7 row 8 and 4.1 argument aroundMessageId: an anchor that is deleted is NOT_FOUND (here: the newest page, as if there were no anchor; an anchor that does not exist or belongs to another conversation is still refused)',
    breaks: ['errors.around.not-found'],
    deletedIds,
    hooks: {
      request(request, fields) {
        const id = fields.includes('deleteMessage') ? given(request, 'deleteMessage', 'id') : undefined;
        if (typeof id === 'string') deletedIds.add(id);
        return undefined;
      },
      response(response, call) {
        const anchor = call.fields.includes('messages') ? given(call.received, 'messages', 'aroundMessageId') : undefined;
        if (typeof anchor !== 'string' || !deletedIds.has(anchor) || !refusedWith(response, 'NOT_FOUND')) return undefined;
        return call.upstream(withoutArgument(call.sent, 'messages', 'aroundMessageId'));
      },
    },
  };
}

export const deletedAnchorAccepted = makeDeletedAnchorAccepted();

export const errorsAsServerErrors: Fault = {
  name: 'refusals-answered-500',
  rule: 'section 7: the refusals are coded GraphQL errors of a request that was understood (here: HTTP 500, a server failure)',
  breaks: [
    'errors.unauthenticated',
    'errors.conversation-id.format',
    'errors.first.range',
    'errors.before.malformed',
    'errors.before.other-conversation',
    'errors.around.format',
    'errors.after-sequence.negative',
    'errors.forbidden.workspace-member',
    'errors.forbidden.outsider',
    'errors.around.not-found',
  ],
  hooks: {
    response: (response) => (response.body.errors?.length && response.body.data == null ? { ...response, status: 500 } : undefined),
  },
};

export const errorFaults: readonly Fault[] = [
  unauthenticatedAsForbidden,
  nonMemberReads,
  foreignCursorAccepted,
  malformedCursorIgnored,
  conversationIdUnchecked,
  aroundFormatIgnored,
  missingAnchorIgnored,
  deletedAnchorAccepted,
  errorsAsServerErrors,
];
