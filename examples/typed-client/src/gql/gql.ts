/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user { id displayName }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  query Workspaces {\n    workspaces { id name }\n  }\n": typeof types.WorkspacesDocument,
    "\n  query Conversations($workspaceId: ID!, $first: Int!) {\n    conversations(workspaceId: $workspaceId, first: $first) {\n      nodes { id title }\n    }\n  }\n": typeof types.ConversationsDocument,
    "\n  query Messages($conversationId: ID!, $before: String, $first: Int!) {\n    messages(conversationId: $conversationId, before: $before, first: $first) {\n      nodes { id sequence senderId content createdAt deletedAt }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.MessagesDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) { id sequence content createdAt }\n  }\n": typeof types.SendMessageDocument,
    "\n  subscription MessageCreated($conversationId: ID!) {\n    messageCreated(conversationId: $conversationId) { id sequence senderId content }\n  }\n": typeof types.MessageCreatedDocument,
};
const documents: Documents = {
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user { id displayName }\n    }\n  }\n": types.LoginDocument,
    "\n  query Workspaces {\n    workspaces { id name }\n  }\n": types.WorkspacesDocument,
    "\n  query Conversations($workspaceId: ID!, $first: Int!) {\n    conversations(workspaceId: $workspaceId, first: $first) {\n      nodes { id title }\n    }\n  }\n": types.ConversationsDocument,
    "\n  query Messages($conversationId: ID!, $before: String, $first: Int!) {\n    messages(conversationId: $conversationId, before: $before, first: $first) {\n      nodes { id sequence senderId content createdAt deletedAt }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.MessagesDocument,
    "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) { id sequence content createdAt }\n  }\n": types.SendMessageDocument,
    "\n  subscription MessageCreated($conversationId: ID!) {\n    messageCreated(conversationId: $conversationId) { id sequence senderId content }\n  }\n": types.MessageCreatedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user { id displayName }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      accessToken\n      user { id displayName }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Workspaces {\n    workspaces { id name }\n  }\n"): (typeof documents)["\n  query Workspaces {\n    workspaces { id name }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Conversations($workspaceId: ID!, $first: Int!) {\n    conversations(workspaceId: $workspaceId, first: $first) {\n      nodes { id title }\n    }\n  }\n"): (typeof documents)["\n  query Conversations($workspaceId: ID!, $first: Int!) {\n    conversations(workspaceId: $workspaceId, first: $first) {\n      nodes { id title }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Messages($conversationId: ID!, $before: String, $first: Int!) {\n    messages(conversationId: $conversationId, before: $before, first: $first) {\n      nodes { id sequence senderId content createdAt deletedAt }\n      endCursor\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query Messages($conversationId: ID!, $before: String, $first: Int!) {\n    messages(conversationId: $conversationId, before: $before, first: $first) {\n      nodes { id sequence senderId content createdAt deletedAt }\n      endCursor\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) { id sequence content createdAt }\n  }\n"): (typeof documents)["\n  mutation SendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) { id sequence content createdAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageCreated($conversationId: ID!) {\n    messageCreated(conversationId: $conversationId) { id sequence senderId content }\n  }\n"): (typeof documents)["\n  subscription MessageCreated($conversationId: ID!) {\n    messageCreated(conversationId: $conversationId) { id sequence senderId content }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;