import type { UserRecord } from '../state/accounts/records.js';
import type { ConversationRecord } from '../state/conversations/records.js';
import type { FileFolderRecord } from '../state/files/records.js';
import type { AttachmentRecord, MessageRecord } from '../state/messages/records.js';
import type { MockState } from '../state/mock-state.js';
import type { WorkspaceRecord } from '../state/workspaces/records.js';
import type { ConversationLookups } from './views/conversations.js';
import type { FileEntryLookups } from './views/files.js';
import type { MessageLookups } from './views/messages.js';
import type { NotificationLookups } from './views/notifications.js';

/** Every lookup a view declares, in one object: what resolvers hand the views. */
export type ViewLookups = MessageLookups & NotificationLookups & FileEntryLookups & ConversationLookups;

/**
 * The views' lookups answered by the state's services (never its tables). None checks access:
 * a view shows these only beside a record its resolver already gave the caller.
 */
class ServiceLookups implements ViewLookups {
  constructor(private readonly state: MockState) {}

  user(id: string): UserRecord | undefined {
    return this.state.users.find(id);
  }

  conversation(id: string): ConversationRecord | undefined {
    return this.state.conversations.find(id);
  }

  newestSequence(conversationId: string): number | null {
    return this.state.messagePages.newestSequence(conversationId);
  }

  workspace(id: string): WorkspaceRecord | undefined {
    return this.state.workspaces.find(id);
  }

  folder(id: string): FileFolderRecord | undefined {
    return this.state.fileFolders.find(id);
  }

  message(id: string): MessageRecord | undefined {
    return this.state.messages.find(id);
  }

  attachments(message: MessageRecord): readonly AttachmentRecord[] {
    return this.state.storedFiles.accessibleAttachments(message);
  }
}

const lookupsOfState = new WeakMap<MockState, ViewLookups>();

/** The views' lookups of `state`: made once per state, so a request (a page of messages) allocates none. */
export function viewLookups(state: MockState): ViewLookups {
  let lookups = lookupsOfState.get(state);
  if (lookups === undefined) {
    lookups = new ServiceLookups(state);
    lookupsOfState.set(state, lookups);
  }
  return lookups;
}
