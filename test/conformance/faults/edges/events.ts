import type { Fault } from '../../support/fault.js';
import { makeDeletedEventShowsEditedContent, makeEditsRepublishedAsCreated, makeUpdatedStaleAfterSecondEdit } from './events-payloads.js';
import { makeConcurrentSendEventLost, makeCreatedFansOutPerConnection, makeLastSubscriberWins, makeNoEchoOfOwnEditsAndDeletes } from './events-routing.js';

/**
 * Servers whose subscriptions (SPEC.md 6) go wrong where the scripted checks do not look: they
 * open one subscription per connection, one subscriber per conversation, edit a message once,
 * never delete an edited one, and send one message at a time.
 */

export function makeEventFaults(): Fault[] {
  return [
    makeCreatedFansOutPerConnection(),
    makeLastSubscriberWins(),
    makeUpdatedStaleAfterSecondEdit(),
    makeDeletedEventShowsEditedContent(),
    makeConcurrentSendEventLost(),
    makeNoEchoOfOwnEditsAndDeletes(),
    makeEditsRepublishedAsCreated(),
  ];
}
