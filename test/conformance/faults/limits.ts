import { given, messageQueriesIn, type Fault, type MessageQuery } from '../support/fault.js';
import { argumentOf, rewriteArgument, withArgument, withoutArgument } from '../support/operation.js';
import type { GraphQLRequest } from '../support/proxy.js';
import { refusal } from '../support/response.js';

/** Faults in the arguments' defaults and bounds (SPEC.md 4.1 and 4.2 arguments, section 8). */

/** Applies `change` to the request for every message query among `fields`. */
function eachQuery(request: GraphQLRequest, fields: readonly string[], change: (request: GraphQLRequest, field: MessageQuery) => GraphQLRequest): GraphQLRequest {
  return messageQueriesIn(fields).reduce(change, request);
}

function defaultFirst(field: MessageQuery, wrong: number, right: string, breaks: string): Fault {
  return {
    name: `${field === 'messages' ? 'messages' : 'since'}-default-first-${wrong}`,
    rule: `${field === 'messages' ? '4.1' : '4.2'} argument first and section 8: first defaults to ${right}`,
    breaks: [breaks],
    hooks: {
      request: (request, fields) => (fields.includes(field) && !argumentOf(request, field, 'first').present ? withArgument(request, field, 'first', wrong) : undefined),
    },
  };
}

export const messagesDefault20 = defaultFirst('messages', 20, '30', 'messages.first.default-30');
export const sinceDefault30 = defaultFirst('messagesSince', 30, '50', 'since.first.default-50');

export const firstAbove100Clamped: Fault = {
  name: 'first-above-100-clamped',
  rule: 'section 7 row 3 and section 8: first outside 1 to 100 is BAD_USER_INPUT (here: 101 is read as 100)',
  breaks: ['errors.first.range'],
  hooks: {
    request: (request, fields) =>
      eachQuery(request, fields, (r, field) => rewriteArgument(r, field, 'first', (current) => (current.present && typeof current.value === 'number' && current.value > 100 ? { present: true, value: 100 } : current))),
  },
};

export const first100Refused: Fault = {
  name: 'first-100-refused',
  rule: '4.1 and 4.2 argument first, section 8: page size 1 to 100 (here: 100 is refused)',
  breaks: ['messages.first.bounds-accepted', 'since.first.bounds-accepted'],
  hooks: {
    response(_response, call) {
      const field = messageQueriesIn(call.fields).find((f) => given(call.received, f, 'first') === 100);
      return field ? refusal(field, 'BAD_USER_INPUT', 'first must be between 1 and 99, but got 100') : undefined;
    },
  },
};

export const firstNullAccepted: Fault = {
  name: 'first-null-accepted',
  rule: '4.1 and 4.2 argument first, section 8: null is not accepted (here: null means the default)',
  breaks: ['messages.first.null-rejected', 'since.first.null-rejected'],
  hooks: {
    request: (request, fields) =>
      eachQuery(request, fields, (r, field) => {
        const first = argumentOf(r, field, 'first');
        return first.present && first.value === null ? withoutArgument(r, field, 'first') : r;
      }),
  },
};

export const negativeAfterSequenceAccepted: Fault = {
  name: 'negative-after-sequence-accepted',
  rule: 'section 7 row 6 and section 8: a negative afterSequence is BAD_USER_INPUT (here: read as 0)',
  breaks: ['errors.after-sequence.negative'],
  hooks: {
    request: (request, fields) =>
      fields.includes('messagesSince')
        ? rewriteArgument(request, 'messagesSince', 'afterSequence', (current) => (current.present && typeof current.value === 'number' && current.value < 0 ? { present: true, value: 0 } : current))
        : undefined,
  },
};

export const limitFaults: readonly Fault[] = [messagesDefault20, sinceDefault30, firstAbove100Clamped, first100Refused, firstNullAccepted, negativeAfterSequenceAccepted];
