import fc from 'fast-check';
import type { AfterRef, AroundRef, BeforeRef, Caller, Command, ConversationName, FirstArg, Member, Read, ReadMessages, ReadSince, Write } from './commands.js';
import type { SingleWrite } from './write-maker.js';
import { clientMessageIdArbitrary, contentArbitrary, emojiArbitrary } from './texts.js';

/**
 * Histories drawn from the edges, not the middle (fast-check): writes by A and B between and
 * during reads, deleted messages where pages begin and end, reads from every kind of sequence,
 * `first` at and around its bounds, every credential where an access token goes. Each check
 * draws the reads of its own query; writes are shared.
 */

/** What a history may hold, set by the check that draws it. */
export interface HistoryShape {
  /** The reads a history holds; `events` holds writes alone, which subscriptions watch. */
  readonly reads: 'messages' | 'since' | 'credentials' | 'events';
  /** Whether a send may carry a file (the server's upload works). */
  readonly attachments: boolean;
  /** Whether C (outside the workspace) exists. */
  readonly outsider: boolean;
  readonly maxCommands: number;
}

const member = fc.constantFrom<Member>('A', 'B');
/** X mostly: it holds both members; Y holds A alone; Z (events only) holds both, and X's subscribers must not hear of it. */
function conversations(shape: HistoryShape): fc.Arbitrary<ConversationName> {
  return shape.reads === 'events' ? fc.constantFrom<ConversationName>('X', 'X', 'X', 'Y', 'Z') : fc.constantFrom<ConversationName>('X', 'X', 'X', 'Y');
}
/** A position among messages, from the edges half the time: the oldest few and the newest few (negative). */
const position = fc.oneof(fc.constantFrom(0, 1, 2, -1, -2, -3), fc.nat({ max: 1_000 }));
const pick = position.map((n) => ({ pick: n }));
/** A message to read from: live or deleted ones on purpose (deleted ones sit at page edges). */
const readPick = fc.record({ pick: position, among: fc.constantFrom<'deleted' | 'live' | undefined>('deleted', 'live', undefined) }).map(({ pick: p, among }) => (among ? { pick: p, among } : { pick: p }));

function sendArbitrary(shape: HistoryShape): fc.Arbitrary<Write> {
  return fc
    .record({
      as: member,
      in: conversations(shape),
      content: contentArbitrary,
      clientMessageId: clientMessageIdArbitrary,
      replyTo: fc.option(pick, { nil: undefined, freq: 4 }),
      attach: shape.attachments ? fc.option(fc.constant(true), { nil: undefined, freq: 6 }) : fc.constant(undefined),
    })
    .map(({ as, in: where, content, clientMessageId, replyTo, attach }) => ({
      kind: 'send' as const,
      // Y holds A alone: B's writes go to X.
      as: where === 'Y' ? 'A' : as,
      in: where,
      // "May be an empty string for a message that carries only files" (2.1).
      content: attach && content.length % 3 === 0 ? '' : content,
      clientMessageId,
      ...(replyTo ? { replyTo } : {}),
      ...(attach ? { attach } : {}),
    }));
}

function writeArbitrary(shape: HistoryShape): fc.Arbitrary<Write> {
  const where = (as: Member, name: ConversationName) => (as === 'B' && name === 'Y' ? 'X' : name);
  const shared = conversations(shape);
  const most = shape.reads === 'events' ? 20 : 40;
  return fc.oneof(
    { weight: 6, arbitrary: sendArbitrary(shape) },
    {
      weight: 2,
      arbitrary: fc
        .record({ as: member, in: shared, count: fc.oneof(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: most })), deletes: fc.constantFrom(undefined, 'head', 'tail', 'alternate', 'all') })
        .map(({ deletes, ...w }) => ({ kind: 'burst' as const, ...w, in: where(w.as, w.in), ...(deletes ? { deletes } : {}) })),
    },
    { weight: 2, arbitrary: fc.record({ as: member, in: shared, target: pick, content: contentArbitrary }).map((w) => ({ kind: 'edit' as const, ...w, in: where(w.as, w.in) })) },
    { weight: 3, arbitrary: fc.record({ as: member, in: shared, target: pick }).map((w) => ({ kind: 'delete' as const, ...w, in: where(w.as, w.in) })) },
    { weight: 2, arbitrary: fc.record({ as: member, in: shared, target: pick, emoji: emojiArbitrary }).map((w) => ({ kind: 'react' as const, ...w, in: where(w.as, w.in) })) },
  );
}

/** `first` at and around its bounds, the defaults, and what must be refused. */
function firstArbitrary(defaultFirst: number): fc.Arbitrary<FirstArg> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(1, 1, 2) },
    { weight: 4, arbitrary: fc.constantFrom(3, 4, 5, 7) },
    { weight: 2, arbitrary: fc.constantFrom(defaultFirst - 1, defaultFirst, defaultFirst + 1, 99, 100) },
    { weight: 2, arbitrary: fc.constant<FirstArg>('default') },
    { weight: 1, arbitrary: fc.constantFrom<FirstArg>(0, 101, -1, null) },
  );
}

const shared = fc.constantFrom<ConversationName>('X', 'X', 'X', 'Y');

function messagesRead(callers: fc.Arbitrary<Caller>): fc.Arbitrary<ReadMessages> {
  const before = fc.oneof({ weight: 6, arbitrary: fc.constantFrom<BeforeRef>('latest', 'latest', 'earliest') }, { weight: 1, arbitrary: fc.constantFrom<BeforeRef>('other', 'malformed') });
  const around = fc.oneof({ weight: 5, arbitrary: readPick as fc.Arbitrary<AroundRef> }, { weight: 1, arbitrary: fc.constantFrom<AroundRef>('other', 'unknown', 'malformed') });
  return fc
    .record({ as: callers, in: shared, first: firstArbitrary(30), position: fc.constantFrom('newest', 'before', 'before', 'around', 'around', 'both') })
    .chain(({ position, ...read }) =>
      fc.record({ before, around }).map((refs) => ({
        kind: 'messages' as const,
        ...read,
        ...(position === 'before' || position === 'both' ? { before: refs.before } : {}),
        ...(position === 'around' || position === 'both' ? { around: refs.around } : {}),
      })),
    );
}

function sinceRead(callers: fc.Arbitrary<Caller>): fc.Arbitrary<ReadSince> {
  const after: fc.Arbitrary<AfterRef> = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ from: 'zero' as const }) },
    { weight: 5, arbitrary: fc.record({ from: fc.constant('message' as const), p: readPick, offset: fc.constantFrom<-1 | 0>(0, -1) }).map(({ p, ...rest }) => ({ ...rest, ...p })) },
    { weight: 4, arbitrary: fc.constant({ from: 'walk' as const }) },
    { weight: 2, arbitrary: fc.record({ from: fc.constant('newest' as const), plus: fc.constantFrom(0, 1, 5, 1_000) }) },
    { weight: 1, arbitrary: fc.record({ from: fc.constant('negative' as const), value: fc.constantFrom(-1, -1_000) }) },
  );
  return fc.record({ as: callers, in: shared, first: firstArbitrary(50), after }).map((read) => ({ kind: 'since' as const, ...read }));
}

/** Who reads: members mostly; for the credentials check, every credential the suite holds. */
function callers(shape: HistoryShape): fc.Arbitrary<Caller> {
  const outsider: Caller[] = shape.outsider ? ['C'] : [];
  if (shape.reads !== 'credentials') return fc.oneof({ weight: 8, arbitrary: member }, { weight: 1, arbitrary: fc.constantFrom<Caller>('B', ...outsider) });
  return fc.constantFrom<Caller>('A', 'B', ...outsider, 'refresh:A', 'refresh:B', 'none', 'garbage', 'suffixed:A');
}

function readArbitrary(shape: HistoryShape): fc.Arbitrary<Read> {
  const who = callers(shape);
  if (shape.reads === 'messages') return messagesRead(who);
  if (shape.reads === 'since') return sinceRead(who);
  return fc.oneof(messagesRead(who), sinceRead(who));
}

/** A history for one check: writes and reads mixed, some reads with writes in flight. */
export function historyArbitrary(shape: HistoryShape): fc.Arbitrary<Command[]> {
  const write = writeArbitrary(shape);
  const single = write.filter((w): w is Exclude<Write, { kind: 'burst' }> => w.kind !== 'burst');
  const together = fc.array(single, { minLength: 2, maxLength: 3 }).map((writes) => ({ kind: 'concurrently' as const, writes }));
  if (shape.reads === 'events') {
    // Half the event histories open with two or three sends to X at once: each must be announced.
    const sends = fc.array(sendArbitrary(shape).map((w) => ({ ...w, in: 'X' as const })), { minLength: 2, maxLength: 3 }).map((writes): Command[] => [{ kind: 'concurrently', writes: writes as SingleWrite[] }]);
    const start = fc.option(sends, { nil: undefined, freq: 2 }).map((commands) => commands ?? []);
    const rest = fc.array(fc.oneof({ weight: 5, arbitrary: write as fc.Arbitrary<Command> }, { weight: 2, arbitrary: together }), { minLength: 2, maxLength: shape.maxCommands, size: 'max' });
    return fc.tuple(start, rest).map(([first, others]) => [...first, ...others]);
  }
  const read = readArbitrary(shape);
  const during = fc.record({ read, writes: fc.array(single, { minLength: 1, maxLength: 3 }) }).map(({ read: r, writes }) => ({ kind: 'concurrently' as const, read: r, writes }));
  const walk = read.map((r) => ({ kind: 'walk' as const, read: r }));
  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 5, arbitrary: write },
    { weight: 4, arbitrary: read },
    { weight: 2, arbitrary: walk },
    { weight: 2, arbitrary: during },
    { weight: 1, arbitrary: together },
    { weight: 1, arbitrary: fc.constant({ kind: 'again' as const }) },
  );
  // Long histories reach the states where servers break (deleted messages at the edges, cursors
  // used after later writes); fast-check's default size would keep them to a handful of commands.
  const body = fc.array(command, { minLength: 4, maxLength: shape.maxCommands, size: 'max' });
  return fc.tuple(opening(shape), body).map(([first, rest]) => [...first, ...rest]);
}

/**
 * Half the histories open on a conversation already shaped like the ones servers get wrong: a
 * run of messages with deleted ones at its oldest end, its newest end, or every other one, then
 * read through twice, in small pages of two sizes (so pages end on deleted messages, and one
 * message ends pages of both sizes). Shrinking may drop the opening as a whole.
 */
function opening(shape: HistoryShape): fc.Arbitrary<Command[]> {
  const query = shape.reads === 'since' ? 'since' : 'messages';
  const walk = (first: number): Command => ({ kind: 'walk', read: query === 'since' ? { kind: 'since', as: 'A', in: 'X', first, after: { from: 'zero' } } : { kind: 'messages', as: 'A', in: 'X', first } });
  const shaped = fc
    .record({
      as: member,
      count: fc.integer({ min: 3, max: 12 }),
      deletes: fc.constantFrom('head' as const, 'tail' as const, 'tail' as const, 'alternate' as const),
      sizes: fc.constantFrom([1, 2], [2, 1], [1, 3], [2, 3], [3, 2]),
    })
    .map(({ sizes, ...burst }): Command[] => [{ kind: 'burst', in: 'X', ...burst }, ...(shape.reads === 'credentials' ? [] : sizes.map(walk))]);
  // fc.option shrinks towards no opening at all; fc.oneof would only shrink within the branch drawn.
  return fc.option(shaped, { nil: undefined, freq: 2 }).map((commands) => commands ?? []);
}
