import { describe, expect, it } from 'vitest';
import { expectMessages, expectSince, type ExactPage, type Refusal, type StreamPage } from '../../../src/conformance/model/expect-read.js';
import { stateWith } from './fixtures.js';

const seqs = (page: ExactPage) => page.nodes.map((m) => m.sequence);

describe('what the model expects of messages (4.1)', () => {
  const state = stateWith([3, 7, 8, 12, 20], [8, 20]);

  it('the newest page holds the newest messages, deleted ones included, and says whether older ones exist', () => {
    const [page] = expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 2 }) as [ExactPage];
    expect(seqs(page)).toEqual([12, 20]);
    expect(page.hasNextPage).toBe(true);
    const [all] = expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 'default' }) as [ExactPage];
    expect(seqs(all)).toEqual([3, 7, 8, 12, 20]);
    expect(all.hasNextPage).toBe(false);
  });

  it('before returns the messages below the cursor\'s message, whatever was written since', () => {
    const [page] = expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 2, before: { kind: 'cursor', atSequence: 12 } }) as [ExactPage];
    expect(seqs(page)).toEqual([7, 8]);
    expect(page.hasNextPage).toBe(true);
  });

  it('an anchor ends the page; a deleted one or one elsewhere is NOT_FOUND, a malformed one BAD_USER_INPUT', () => {
    const [page] = expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, around: { kind: 'message', id: 'm7', sequence: 7, deleted: false } }) as [ExactPage];
    expect(seqs(page)).toEqual([3, 7]);
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, around: { kind: 'message', id: 'm8', sequence: 8, deleted: true } })).toMatchObject([{ kind: 'refused', codes: ['NOT_FOUND'] }]);
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, around: { kind: 'elsewhere' } })).toMatchObject([{ kind: 'refused', codes: ['NOT_FOUND'] }]);
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, around: { kind: 'malformed' } })).toMatchObject([{ kind: 'refused', codes: ['BAD_USER_INPUT'] }]);
  });

  it('before takes precedence over an anchor that could not anchor (a malformed one may also be refused)', () => {
    const before = { kind: 'cursor', atSequence: 12 } as const;
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, before, around: { kind: 'elsewhere' } }).map((a) => a.kind)).toEqual(['page']);
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 30, before, around: { kind: 'malformed' } }).map((a) => a.kind)).toEqual(['page', 'refused']);
  });

  it('when several refusals apply, any of their codes will do; a null first any refusal', () => {
    const [both] = expectMessages(state, { kind: 'messages', caller: 'non-member', conversation: 'X', first: 0 }) as [Refusal];
    expect(both.codes).toEqual(['FORBIDDEN', 'BAD_USER_INPUT']);
    const [nul] = expectMessages(state, { kind: 'messages', caller: 'no-access-token', conversation: 'X', first: null }) as [Refusal];
    expect(nul.codes).toBe('any');
    expect(expectMessages(state, { kind: 'messages', caller: 'member', conversation: 'X', first: 100, before: { kind: 'foreign' } })).toMatchObject([{ codes: ['BAD_USER_INPUT'] }]);
  });
});

describe('what the model expects of messagesSince (4.2)', () => {
  const state = stateWith([3, 7, 8, 12], [8]);

  it('the stream after afterSequence, from 0, a deleted message, or past the newest', () => {
    const from = (after: number) => (expectSince(state, { kind: 'since', caller: 'member', conversation: 'X', first: 2, after }) as [StreamPage])[0].remaining.map((m) => m.sequence);
    expect(from(0)).toEqual([3, 7, 8, 12]);
    expect(from(8)).toEqual([12]);
    expect(from(5)).toEqual([7, 8, 12]);
    expect(from(13)).toEqual([]);
  });

  it('a negative afterSequence is BAD_USER_INPUT, first 101 too', () => {
    expect(expectSince(state, { kind: 'since', caller: 'member', conversation: 'X', first: 'default', after: -1 })).toMatchObject([{ kind: 'refused', codes: ['BAD_USER_INPUT'] }]);
    expect(expectSince(state, { kind: 'since', caller: 'member', conversation: 'X', first: 101, after: 0 })).toMatchObject([{ kind: 'refused', codes: ['BAD_USER_INPUT'] }]);
  });
});
