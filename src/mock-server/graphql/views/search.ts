import type { ChannelHit, MessageHitView, PersonHit, SearchResults } from '../../state/search/workspace-search.js';
import type { SearchChannel, SearchMessage, SearchPerson, WorkspaceSearchResults } from '../generated/resolvers-types.js';
import { fileEntryView, type FileEntryLookups } from './files.js';
import { iso } from './time.js';
import { memberIdentity } from './directory.js';

function searchChannelView({ conversation, isMember }: ChannelHit): SearchChannel {
  return {
    id: conversation.id,
    title: conversation.title ?? '',
    description: conversation.description,
    visibility: conversation.visibility,
    memberCount: conversation.members.size,
    isMember,
  };
}

function searchMessageView(hit: MessageHitView): SearchMessage {
  return {
    id: hit.message.id,
    conversationId: hit.conversation.id,
    conversationLabel: hit.conversationLabel,
    conversationType: hit.conversation.type,
    senderName: hit.sender.displayName,
    snippet: hit.snippet,
    createdAt: iso(hit.message.createdAt),
  };
}

function searchPersonView({ user, member, isOnline }: PersonHit, publicOrigin: string): SearchPerson {
  return { ...memberIdentity(user, member, publicOrigin), isOnline };
}

export function workspaceSearchView(lookups: FileEntryLookups, results: SearchResults, publicOrigin: string): WorkspaceSearchResults {
  return {
    channels: results.channels.map(searchChannelView),
    files: results.files.map((entry) => fileEntryView(lookups, entry, publicOrigin)),
    messages: results.messages.map(searchMessageView),
    people: results.people.map((person) => searchPersonView(person, publicOrigin)),
  };
}
