import { gql, type TypedDocumentNode } from '@apollo/client';

/**
 * The operations of the chat screen. Types are written by hand to keep the example small; a real
 * app would generate them (see examples/typed-client for GraphQL Code Generator on this schema).
 */

export interface Message {
  readonly __typename: 'MessageView';
  readonly id: string;
  readonly clientMessageId: string;
  readonly conversationId: string;
  readonly senderId: string;
  readonly sequence: number;
  readonly content: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

export interface MessagePage {
  readonly __typename: 'MessagePage';
  readonly nodes: readonly Message[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

export interface Member {
  readonly __typename: 'ConversationMemberView';
  readonly userId: string;
  readonly displayName: string;
}

export interface Conversation {
  readonly __typename: 'ConversationView';
  readonly id: string;
  readonly type: 'CHANNEL' | 'DIRECT';
  readonly title: string | null;
  readonly isDefault: boolean;
  readonly members: readonly Member[];
}

export interface TypingState {
  readonly __typename: 'EphemeralState';
  readonly conversationId: string;
  readonly userId: string;
  readonly active: boolean;
}

const MESSAGE_FIELDS = gql`
  fragment MessageFields on MessageView {
    id
    clientMessageId
    conversationId
    senderId
    sequence
    content
    createdAt
    deletedAt
  }
`;

export const LOGIN: TypedDocumentNode<
  { login: { accessToken: string; user: { id: string; displayName: string } } },
  { input: { email: string; password: string } }
> = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      user {
        id
        displayName
      }
    }
  }
`;

export const WORKSPACES: TypedDocumentNode<{ workspaces: readonly { __typename: 'Workspace'; id: string; name: string }[] }, Record<string, never>> = gql`
  query Workspaces {
    workspaces {
      id
      name
    }
  }
`;

export const CONVERSATIONS: TypedDocumentNode<{ conversations: { __typename: 'ConversationPage'; nodes: readonly Conversation[] } }, { workspaceId: string }> = gql`
  query Conversations($workspaceId: ID!) {
    conversations(workspaceId: $workspaceId, first: 50) {
      nodes {
        id
        type
        title
        isDefault
        members {
          userId
          displayName
        }
      }
    }
  }
`;

/** The newest page, or with `before` the page older than that cursor (see cache.ts for how pages join). */
export const MESSAGES: TypedDocumentNode<{ messages: MessagePage }, { conversationId: string; first?: number; before?: string | null }> = gql`
  query Messages($conversationId: ID!, $first: Int! = 20, $before: String) {
    messages(conversationId: $conversationId, first: $first, before: $before) {
      nodes {
        ...MessageFields
      }
      endCursor
      hasNextPage
    }
  }
  ${MESSAGE_FIELDS}
`;

/** Stored messages after a sequence, oldest first: the catch-up after a reconnect. */
export const MESSAGES_SINCE: TypedDocumentNode<{ messagesSince: MessagePage }, { conversationId: string; afterSequence: number; first?: number }> = gql`
  query MessagesSince($conversationId: ID!, $afterSequence: Int!, $first: Int! = 100) {
    messagesSince(conversationId: $conversationId, afterSequence: $afterSequence, first: $first) {
      nodes {
        ...MessageFields
      }
      endCursor
      hasNextPage
    }
  }
  ${MESSAGE_FIELDS}
`;

export const SEND_MESSAGE: TypedDocumentNode<
  { sendMessage: Message },
  { input: { conversationId: string; clientMessageId: string; content: string } }
> = gql`
  mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ...MessageFields
    }
  }
  ${MESSAGE_FIELDS}
`;

export const SET_TYPING: TypedDocumentNode<{ setTyping: boolean }, { conversationId: string; active: boolean }> = gql`
  mutation SetTyping($conversationId: ID!, $active: Boolean!) {
    setTyping(conversationId: $conversationId, active: $active)
  }
`;

export const MESSAGE_CREATED: TypedDocumentNode<{ messageCreated: Message }, { conversationId: string }> = gql`
  subscription MessageCreated($conversationId: ID!) {
    messageCreated(conversationId: $conversationId) {
      ...MessageFields
    }
  }
  ${MESSAGE_FIELDS}
`;

export const TYPING_CHANGED: TypedDocumentNode<{ typingChanged: TypingState }, { conversationId: string }> = gql`
  subscription TypingChanged($conversationId: ID!) {
    typingChanged(conversationId: $conversationId) {
      conversationId
      userId
      active
    }
  }
`;
