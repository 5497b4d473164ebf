import { firstOf, given, type Fault } from '../support/fault.js';
import { rewriteArgument } from '../support/operation.js';
import type { ProxyCall } from '../support/proxy.js';
import { refusal, withPage } from '../support/response.js';

/** Faults in how `messagesSince` pages (SPEC.md 4.2 argument afterSequence, rules 2 to 4). */

const onSince = (call: ProxyCall) => call.fields.includes('messagesSince');

export const afterSequenceInclusive: Fault = {
  name: 'since-after-sequence-inclusive',
  rule: '4.2 rule 2: all nodes have a sequence greater than afterSequence (here: the afterSequence message is included)',
  breaks: ['since.greater-and-ascending', 'cross.walks-agree'],
  hooks: {
    request: (request, fields) =>
      fields.includes('messagesSince')
        ? rewriteArgument(request, 'messagesSince', 'afterSequence', (current) => (current.present && typeof current.value === 'number' && current.value > 0 ? { present: true, value: current.value - 1 } : current))
        : undefined,
  },
};

export const afterZeroRefused: Fault = {
  name: 'since-after-zero-refused',
  rule: '4.2 argument afterSequence: 0 is valid and reads from the start of the conversation',
  breaks: ['since.after-zero.from-start'],
  hooks: {
    response: (_response, call) =>
      onSince(call) && given(call.received, 'messagesSince', 'afterSequence') === 0 ? refusal('messagesSince', 'BAD_USER_INPUT', 'afterSequence must be a positive sequence') : undefined,
  },
};

export const sinceHasNextPageNever: Fault = {
  name: 'since-has-next-page-always-false',
  rule: '4.2 rule 3: hasNextPage is true when newer messages remain after the page',
  breaks: ['since.has-next-page.continue', 'cross.walks-agree'],
  hooks: { response: (response, call) => (onSince(call) ? withPage(response, 'messagesSince', (page) => ({ ...page, hasNextPage: false })) : undefined) },
};

export const sinceHasNextPageFullPage: Fault = {
  name: 'since-has-next-page-when-page-full',
  rule: '4.2 rule 3: hasNextPage is true when newer messages remain after the page (here: whenever the page is full)',
  breaks: ['since.has-next-page.exact-boundary'],
  hooks: {
    response: (response, call) =>
      onSince(call) ? withPage(response, 'messagesSince', (page) => ({ ...page, hasNextPage: page.hasNextPage || page.nodes.length === firstOf(call.received, 'messagesSince') })) : undefined,
  },
};

export const sinceEndCursorNull: Fault = {
  name: 'since-end-cursor-always-null',
  rule: '4.2 rule 4: endCursor encodes the conversation and the newest sequence in the page, and is null only for an empty page',
  breaks: ['since.end-cursor'],
  hooks: { response: (response, call) => (onSince(call) ? withPage(response, 'messagesSince', (page) => ({ ...page, endCursor: null })) : undefined) },
};

export const sincePagingFaults: readonly Fault[] = [afterSequenceInclusive, afterZeroRefused, sinceHasNextPageNever, sinceHasNextPageFullPage, sinceEndCursorNull];
