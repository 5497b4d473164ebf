import type { FixtureMessage } from './format.js';
import { conversationName, samePair, type PlannedChannel, type PlannedConversation, type PlannedDm, type PlannedMessage, type Planning } from './plan.js';
import type { PathSegment } from './problems.js';
import { parseAt, timeline } from './times.js';
import { isDateTimeMs } from '../../schema/date-time-range.js';

/** Messages: their conversation, sender, reply, reactions and time; `now` is when the file is loaded. */
export function planMessages(
  planning: Planning,
  channels: readonly PlannedChannel[],
  dms: readonly PlannedDm[],
  now: number,
): { messages: PlannedMessage[]; times: readonly number[]; start: number } {
  const messages: PlannedMessage[] = [];
  const refs = new Map<string, { index: number; conversation: PlannedConversation | null }>();
  const given: (number | null)[] = [];
  const conversations: (PlannedConversation | null)[] = [];
  planning.doc.messages.forEach((message, index) => {
    if (!message) {
      conversations.push(null);
      given.push(null);
      return;
    }
    const path = ['messages', index];
    const conversation = findConversation(planning, message, path, channels, dms);
    conversations.push(conversation);
    let at: number | null = null;
    if (message.at !== undefined) {
      at = parseAt(message.at, now);
      if (at === null) {
        planning.problem([...path, 'at'], `${JSON.stringify(message.at)} is not a real time`);
      } else if (!isDateTimeMs(at)) {
        // A moment the API cannot show (its DateTime has years 0000 to 9999): refused here, not a failure of every later answer.
        planning.problem([...path, 'at'], `${JSON.stringify(message.at)} falls outside the years 0000 to 9999, the times the API can show`);
        at = null;
      }
    }
    given.push(at);
    const member = (ref: string, at: readonly PathSegment[]): string | null => {
      const username = planning.user(ref, at);
      if (username === null || conversation === null) return null;
      if (!membersOf(conversation).has(username)) {
        planning.problem(at, `${JSON.stringify(username)} is not a member of ${conversationName(conversation)}`);
        return null;
      }
      return username;
    };
    const from = member(message.from, [...path, 'from']);
    const replyTo = message.replyTo === undefined ? null : replyTarget(planning, message.replyTo, [...path, 'replyTo'], refs, conversation, index);
    if (message.ref !== undefined) {
      const twin = refs.get(message.ref);
      if (twin) planning.problem([...path, 'ref'], `${JSON.stringify(message.ref)} is already the ref of messages[${twin.index}]`);
      else refs.set(message.ref, { index, conversation });
    }
    const reactions = Object.entries(message.reactions).map(
      ([emoji, users]) => [emoji, users.map((ref, at) => member(ref, [...path, 'reactions', emoji, at])).filter((user) => user !== null)] as const,
    );
    if (conversation !== null && from !== null) messages.push({ index, doc: message, conversation, from, replyTo, reactions });
  });
  // Later refs that a reply names are only known now: a reply to a later message is a problem.
  planning.doc.messages.forEach((message, index) => {
    const target = message?.replyTo === undefined ? undefined : refs.get(message.replyTo);
    if (target && target.index >= index) {
      planning.problem(['messages', index, 'replyTo'], `${JSON.stringify(message!.replyTo)} is messages[${target.index}], which is this message or comes later; a reply comes after what it replies to`);
    }
  });
  const { times, start } = timeline(given, now);
  checkOrder(planning, conversations, times);
  return { messages, times, start };
}

function findConversation(
  planning: Planning,
  message: FixtureMessage,
  path: readonly PathSegment[],
  channels: readonly PlannedChannel[],
  dms: readonly PlannedDm[],
): PlannedConversation | null {
  if ((message.channel === undefined) === (message.dm === undefined)) {
    planning.problem(path, message.channel === undefined ? 'say where it is sent: give channel (a name) or dm (two usernames)' : 'give channel or dm, not both');
    return null;
  }
  if (message.channel !== undefined) {
    const name = message.channel.toLowerCase();
    const named = channels.filter((channel) => channel.name.toLowerCase() === name);
    if (named.length === 0) {
      if (!planning.isBroken('channels', message.channel)) planning.problem([...path, 'channel'], `no channel ${JSON.stringify(message.channel)} in channels${message.channel.startsWith('#') ? ' (write the name without #)' : ''}`);
      return null;
    }
    const workspace = planning.workspace(message.workspace, path, named.map((channel) => channel.workspace), '', `there is a channel ${JSON.stringify(message.channel)} in`);
    if (!workspace) return null;
    const channel = named.find((candidate) => candidate.workspace === workspace);
    if (!channel) {
      planning.problem([...path, 'channel'], `workspace ${JSON.stringify(workspace.doc.name)} has no channel ${JSON.stringify(message.channel)}`);
      return null;
    }
    return { kind: 'channel', channel };
  }
  const pair = message.dm!.map((ref, at) => planning.user(ref, [...path, 'dm', at]));
  if (pair[0] == null || pair[1] == null) return null;
  const between = [pair[0], pair[1]] as const;
  const found = dms.filter((dm) => samePair(dm.pair, between));
  if (found.length === 0) {
    if (!planning.someDmBroken) planning.problem([...path, 'dm'], `no DM between ${between[0]} and ${between[1]} in dms`);
    return null;
  }
  const workspace = planning.workspace(message.workspace, path, found.map((dm) => dm.workspace), '', `there is a DM between ${between[0]} and ${between[1]} in`);
  if (!workspace) return null;
  const dm = found.find((candidate) => candidate.workspace === workspace);
  if (!dm) {
    planning.problem([...path, 'dm'], `workspace ${JSON.stringify(workspace.doc.name)} has no DM between ${between[0]} and ${between[1]}`);
    return null;
  }
  return { kind: 'dm', dm };
}

function membersOf(conversation: PlannedConversation): ReadonlySet<string> {
  return conversation.kind === 'channel' ? conversation.channel.members : new Set(conversation.dm.pair);
}

function sameConversation(a: PlannedConversation, b: PlannedConversation): boolean {
  return a.kind === 'channel' ? b.kind === 'channel' && a.channel === b.channel : b.kind === 'dm' && a.dm === b.dm;
}

function replyTarget(
  planning: Planning,
  ref: string,
  path: readonly PathSegment[],
  refs: ReadonlyMap<string, { index: number; conversation: PlannedConversation | null }>,
  conversation: PlannedConversation | null,
  index: number,
): number | null {
  const target = refs.get(ref);
  if (!target) {
    // A ref further down is reported after the pass (it is no unknown ref).
    if (!planning.isBroken('refs', ref) && !planning.doc.messages.some((message, later) => later >= index && message?.ref === ref)) {
      planning.problem(path, `no message has the ref ${JSON.stringify(ref)}`);
    }
    return null;
  }
  if (conversation && target.conversation && !sameConversation(conversation, target.conversation)) {
    planning.problem(path, `${JSON.stringify(ref)} is messages[${target.index}] in ${conversationName(target.conversation)}, not in ${conversationName(conversation)}; a reply stays in its conversation`);
    return null;
  }
  return target.index;
}

/** Within a conversation, times never go backwards (sequence and time agree, as on a real server). */
function checkOrder(planning: Planning, conversations: readonly (PlannedConversation | null)[], times: readonly number[]): void {
  const latest = new Map<PlannedChannel | PlannedDm, number>();
  conversations.forEach((conversation, index) => {
    if (conversation === null) return;
    const key = conversation.kind === 'channel' ? conversation.channel : conversation.dm;
    const before = latest.get(key);
    if (before !== undefined && times[index]! < times[before]!) {
      const at = planning.doc.messages[index]?.at;
      planning.problem(
        ['messages', index, ...(at === undefined ? [] : ['at'])],
        `${new Date(times[index]!).toISOString()}${at === undefined ? ' (spread from its neighbours: it has no at)' : ''} is earlier than messages[${before}] ` +
          `(${new Date(times[before]!).toISOString()}) in ${conversationName(conversation)}; the messages of a conversation go in time order`,
      );
    }
    latest.set(key, index);
  });
}
