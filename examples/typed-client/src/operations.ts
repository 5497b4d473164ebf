/**
 * The operations this frontend sends, written once as GraphQL. `npm run codegen` checks each one
 * against Parley's schema.graphql and writes its result and variables types into src/gql/, so
 * `graphql(...)` below returns a TypedDocumentNode: the client infers what comes back and what
 * must go in.
 */
import { graphql } from './gql/index.js';

export const LoginDocument = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      user { id displayName }
    }
  }
`);

export const WorkspacesDocument = graphql(`
  query Workspaces {
    workspaces { id name }
  }
`);

export const ConversationsDocument = graphql(`
  query Conversations($workspaceId: ID!, $first: Int!) {
    conversations(workspaceId: $workspaceId, first: $first) {
      nodes { id title }
    }
  }
`);

export const MessagesDocument = graphql(`
  query Messages($conversationId: ID!, $before: String, $first: Int!) {
    messages(conversationId: $conversationId, before: $before, first: $first) {
      nodes { id sequence senderId content createdAt deletedAt }
      endCursor
      hasNextPage
    }
  }
`);

export const SendMessageDocument = graphql(`
  mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) { id sequence content createdAt }
  }
`);

export const MessageCreatedDocument = graphql(`
  subscription MessageCreated($conversationId: ID!) {
    messageCreated(conversationId: $conversationId) { id sequence senderId content }
  }
`);
