/**
 * A typed client for Parley's contract: graphql-request for queries and mutations, graphql-ws for
 * subscriptions. Every call takes a TypedDocumentNode from src/operations.ts, so its variables are
 * checked and its result is typed; no type here is written by hand.
 */
import type { ResultOf, TypedDocumentNode, VariablesOf } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { GraphQLClient } from 'graphql-request';
import { createClient, type Client } from 'graphql-ws';
// Node 20 has no global WebSocket; in a browser, leave webSocketImpl out.
import WebSocket from 'ws';
import { ConversationsDocument, LoginDocument, MessageCreatedDocument, MessagesDocument, SendMessageDocument, WorkspacesDocument } from './operations.js';

export type Message = ResultOf<typeof MessagesDocument>['messages']['nodes'][number];
export type CreatedMessage = ResultOf<typeof MessageCreatedDocument>['messageCreated'];

export class ParleyClient {
  private readonly http: GraphQLClient;
  private socket: Client | undefined;
  private token: string | undefined;

  /** @param origin where Parley runs, e.g. `http://127.0.0.1:4000` (`npm start`). */
  constructor(private readonly origin: string) {
    this.http = new GraphQLClient(`${origin}/graphql`);
  }

  async login(email: string, password: string): Promise<ResultOf<typeof LoginDocument>['login']['user']> {
    const { login } = await this.http.request(LoginDocument, { input: { email, password } });
    this.token = login.accessToken;
    this.http.setHeader('authorization', `Bearer ${login.accessToken}`);
    return login.user;
  }

  /** The id of a channel by its title, in the caller's first workspace. */
  async channel(title: string): Promise<string> {
    const { workspaces } = await this.http.request(WorkspacesDocument, {});
    const workspace = workspaces[0];
    if (!workspace) throw new Error('no workspace');
    const { conversations } = await this.http.request(ConversationsDocument, { workspaceId: workspace.id, first: 100 });
    const found = conversations.nodes.find((conversation) => conversation.title === title);
    if (!found) throw new Error(`no #${title} in ${workspace.name}`);
    return found.id;
  }

  /** A page of messages, oldest first; pass its `endCursor` as `before` for the older page. */
  async page(variables: VariablesOf<typeof MessagesDocument>): Promise<ResultOf<typeof MessagesDocument>['messages']> {
    return (await this.http.request(MessagesDocument, variables)).messages;
  }

  async send(conversationId: string, content: string): Promise<ResultOf<typeof SendMessageDocument>['sendMessage']> {
    return (await this.http.request(SendMessageDocument, { input: { conversationId, clientMessageId: crypto.randomUUID(), content } })).sendMessage;
  }

  /** Messages created in a conversation from now on, as they arrive (graphql-ws). */
  async *messageCreated(conversationId: string): AsyncGenerator<CreatedMessage> {
    for await (const result of this.subscribe(MessageCreatedDocument, { conversationId })) {
      if (result.errors) throw new Error(result.errors.map((error) => error.message).join('; '));
      if (result.data) yield result.data.messageCreated;
    }
  }

  /** One subscription, its variables checked and its events typed by the document. */
  subscribe<TResult, TVariables extends Record<string, unknown>>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) {
    this.socket ??= createClient({
      url: `${this.origin.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: () => ({ Authorization: `Bearer ${this.token}` }),
    });
    return this.socket.iterate<TResult>({ query: print(document), variables });
  }

  async close(): Promise<void> {
    await this.socket?.dispose();
  }
}
