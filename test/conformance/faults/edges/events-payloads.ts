import { type Fault } from '../../support/fault.js';
import type { RelaySession } from '../../support/socket-relay.js';
import { subscriptionOf, eventNode, withEventNode, editOf, succeeded, updatedAsCreated, EDITS } from './events-relay.js';

/**
 * Servers whose event payloads (SPEC.md 6) go stale where the scripted checks do not look: a
 * message edited twice, a deleted message that was edited, an edit published as new.
 */

/** The events carry a MessageView cached at the first edit, never refreshed by later ones. */
export function makeUpdatedStaleAfterSecondEdit(): Fault {
  const firstEdit = new Map<string, string>();
  return {
    name: 'updated-event-stale-after-second-edit',
    rule: '6 + 3: messageUpdated reports an edit as it happens, carrying the message as edited (here: after a second edit it still carries the first edit\'s content)',
    breaks: ['model.events'],
    hooks: {
      response(response, call) {
        const edit = editOf(call.received, call.fields);
        if (edit && succeeded(response, 'editMessage') && !firstEdit.has(edit.id)) firstEdit.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toClient(message) {
          const node = eventNode(message, 'messageUpdated');
          const cached = typeof node?.['id'] === 'string' ? firstEdit.get(node['id']) : undefined;
          if (!node || cached === undefined || !('content' in node) || node['content'] === cached) return undefined;
          return [withEventNode(message, 'messageUpdated', { ...node, content: cached })];
        },
      },
    },
  };
}

/** messageDeleted is built from the last edit's payload, with deletedAt set: an edited message's text survives. */
export function makeDeletedEventShowsEditedContent(): Fault {
  const lastEdit = new Map<string, string>();
  return {
    name: 'deleted-event-shows-edited-content',
    rule: '6 + 3: messageDeleted carries the soft-deleted message, whose content is null (here: a message edited before it was deleted still shows the edited text)',
    breaks: ['model.events'],
    hooks: {
      response(response, call) {
        const edit = editOf(call.received, call.fields);
        if (edit && succeeded(response, 'editMessage')) lastEdit.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toClient(message) {
          const node = eventNode(message, 'messageDeleted');
          const edited = typeof node?.['id'] === 'string' ? lastEdit.get(node['id']) : undefined;
          if (!node || edited === undefined || !('content' in node)) return undefined;
          return [withEventNode(message, 'messageDeleted', { ...node, content: edited })];
        },
      },
    },
  };
}


/**
 * The conversation's "upsert" topic feeds messageCreated: an edited message is published to the
 * messageCreated subscribers too, as if it were new.
 */
export function makeEditsRepublishedAsCreated(): Fault {
  /** The content of each message's latest edit request. */
  const edited = new Map<string, string>();
  const forwarded = new WeakMap<RelaySession, Set<string>>();
  return {
    name: 'edits-republished-as-created',
    rule: '6 messageCreated: a message was created in the conversation (here: an edit also reaches messageCreated subscribers, as a new message with the old sequence)',
    breaks: ['model.events'],
    hooks: {
      request(request, fields) {
        const edit = editOf(request, fields);
        if (edit) edited.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toServer(message, session) {
          const id = message['id'];
          if (typeof id !== 'string' || subscriptionOf(session, id)?.field !== 'messageCreated') return undefined;
          if (message['type'] === 'complete') return [message, { ...message, id: `${id}${EDITS}` }];
          if (message['type'] !== 'subscribe') return undefined;
          const payload = (message['payload'] ?? {}) as Record<string, unknown>;
          const query = typeof payload['query'] === 'string' ? updatedAsCreated(payload['query']) : undefined;
          return query ? [message, { ...message, id: `${id}${EDITS}`, payload: { ...payload, query } }] : undefined;
        },
        toClient(message, session) {
          const id = message['id'];
          if (typeof id !== 'string' || !id.endsWith(EDITS)) return undefined;
          const node = eventNode(message, 'messageCreated');
          const messageId = node?.['id'];
          const content = typeof messageId === 'string' ? edited.get(messageId) : undefined;
          // Only edits: a reaction's messageUpdated (open in the spec) stays off this topic.
          if (!node || content === undefined || ('content' in node && node['content'] !== content)) return [];
          const seen = forwarded.get(session) ?? new Set<string>();
          forwarded.set(session, seen);
          const key = `${String(messageId)}\u0000${content}`;
          if (seen.has(key)) return [];
          seen.add(key);
          return [{ ...message, id: id.slice(0, -EDITS.length) }];
        },
      },
    },
  };
}
