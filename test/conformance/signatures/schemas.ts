import { readFileSync } from 'node:fs';
import { buildSchema, introspectionFromSchema } from 'graphql';

/** The contract, as the faulty and legal schemas below start from it. */
export const contractSdl = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');

/** Replaces `from` (which must occur exactly once) with `to`, so an edit cannot silently miss. */
export function edit(sdl: string, from: string | RegExp, to: string): string {
  const count = typeof from === 'string' ? sdl.split(from).length - 1 : (sdl.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? []).length;
  if (count !== 1) throw new Error(`the edit expects ${String(from)} once in the schema, found ${count}`);
  return sdl.replace(from, to);
}

/** A server's schema that breaks one stated signature: the check that must fail, and the coordinate it must name. */
export interface FaultySchema {
  readonly name: string;
  readonly sdl: string;
  readonly failing: string;
  readonly coordinate: string;
}

export const faultySchemas: readonly FaultySchema[] = [
  { name: 'missing operation', sdl: edit(contractSdl, /\n  "[^"\n]*"\n  health: String!/, ''), failing: 'signatures.4.3-queries', coordinate: 'Query.health: the spec says health: String!; the target has no such field' },
  { name: 'missing subscription', sdl: edit(contractSdl, /\n  "[^"\n]*"\n  messageDeleted\(conversationId: ID!\): MessageView!/, ''), failing: 'signatures.6-subscriptions', coordinate: 'Subscription.messageDeleted' },
  { name: 'changed nullability', sdl: edit(contractSdl, '  sequence: Int!\n  "`TEXT`', '  sequence: Int\n  "`TEXT`'), failing: 'signatures.2.1-message-resources', coordinate: 'MessageView.sequence: the spec says Int!; the target has Int' },
  { name: 'changed default', sdl: edit(contractSdl, 'browseChannels(workspaceId: ID!, after: String, first: Int! = 30)', 'browseChannels(workspaceId: ID!, after: String, first: Int! = 20)'), failing: 'signatures.4.3-queries', coordinate: 'Query.browseChannels(first:): the spec says default 30; the target has default 20' },
  { name: 'changed default of messages', sdl: edit(contractSdl, /(\n    first: Int! = )30(\n  \): MessagePage!)/, '$120$2'), failing: 'signatures.4.1-messages', coordinate: 'Query.messages(first:)' },
  { name: 'missing enum value', sdl: edit(contractSdl, /\n  PEOPLE/, ''), failing: 'signatures.2.4-enums', coordinate: 'SearchKind.PEOPLE: the spec says SearchKind has PEOPLE; the target has no such value' },
  { name: 'renamed input field', sdl: edit(contractSdl, 'memberIds: [ID!]! = []', 'members: [ID!]! = []'), failing: 'signatures.2.3-inputs', coordinate: 'CreateChannelInput.memberIds: the spec says memberIds: [ID!]! = []; the target has no such input field' },
  { name: 'list made nullable', sdl: edit(contractSdl, 'members: [ConversationMemberView!]!', 'members: [ConversationMemberView!]'), failing: 'signatures.2.2-other-types', coordinate: 'ConversationView.members: the spec says [ConversationMemberView!]!; the target has [ConversationMemberView!]' },
  { name: 'changed type of a messagesSince argument', sdl: edit(contractSdl, '    afterSequence: Int!\n', '    afterSequence: String!\n'), failing: 'signatures.4.2-messages-since', coordinate: 'Query.messagesSince(afterSequence:)' },
  { name: 'mutation result made nullable', sdl: edit(contractSdl, '  sendMessage(input: SendMessageInput!): MessageView!', '  sendMessage(input: SendMessageInput!): MessageView'), failing: 'signatures.4.4-mutations', coordinate: 'Mutation.sendMessage' },
  { name: 'changed input default', sdl: edit(contractSdl, /(\n  limit: Int! = )5/, '$110'), failing: 'signatures.2.3-inputs', coordinate: 'WorkspaceSearchInput.limit: the spec says default 5; the target has default 10' },
  { name: 'required argument added', sdl: edit(contractSdl, 'generateSlug(name: String!)', 'generateSlug(name: String!, locale: String!)'), failing: 'signatures.4.3-queries', coordinate: 'Query.generateSlug(locale:): the spec says no such argument; the target has a required argument locale: String!' },
  { name: 'extra value in an output enum', sdl: edit(contractSdl, /(enum MessageType \{)/, '$1\n  VOICE'), failing: 'signatures.2.4-enums.extra-output-values', coordinate: 'MessageType.VOICE' },
];

/** A server's schema that differs only where the spec is open: every signature check passes. */
export interface LegalSchema {
  readonly name: string;
  readonly sdl: string;
  /** Text the run's notes must hold (an addition is noted, not failed). */
  readonly noted?: string;
}

const rootsRenamed = `schema { query: query_root mutation: mutation_root subscription: subscription_root }\n${contractSdl
  .replace(/^type Query \{/m, 'type query_root {')
  .replace(/^type Mutation \{/m, 'type mutation_root {')
  .replace(/^type Subscription \{/m, 'type subscription_root {')}`;

export const legalSchemas: readonly LegalSchema[] = [
  { name: 'different root type names', sdl: rootsRenamed },
  { name: 'extra operations and types', sdl: `${contractSdl}\ntype Poll { id: ID! question: String! }\nenum PollState { OPEN CLOSED }\nextend type Query { poll(id: ID!): Poll }\nextend type Mutation { closePoll(id: ID!): Poll! }\nextend type Subscription { pollChanged(id: ID!): Poll! }\n`, noted: 'Query.poll' },
  { name: 'extra optional arguments and input fields', sdl: edit(edit(contractSdl, 'generateSlug(name: String!)', 'generateSlug(name: String!, locale: String = "en", maxLength: Int)'), 'memberIds: [ID!]! = []', 'memberIds: [ID!]! = []\n  topic: String'), noted: 'Query.generateSlug(locale:)' },
  { name: 'extra value in an input-only enum', sdl: edit(contractSdl, /(\n  PEOPLE)/, '$1\n  GROUPS'), noted: 'SearchKind.GROUPS' },
  { name: 'descriptions changed and removed', sdl: contractSdl.replace(/^\s*"[^"\n]*"\n/gm, '\n').replace(/"""[\s\S]*?"""/g, '') },
  { name: 'directives defined and used', sdl: `directive @auth(requires: String) on FIELD_DEFINITION | OBJECT\ndirective @cost(weight: Int!) on FIELD_DEFINITION\n${edit(contractSdl, 'health: String!', 'health: String! @cost(weight: 1) @deprecated(reason: "use /ready")')}`, noted: '@auth' },
];

/** The introspection result (`{ data: { __schema } }`) of an SDL, as a server that allows introspection answers it. */
export function introspectionJson(sdl: string): string {
  return JSON.stringify({ data: introspectionFromSchema(buildSchema(sdl)) });
}
