import { describe, expect, it } from 'vitest';
import { expectMessages, expectSince } from '../../../src/conformance/model/expect-read.js';
import { judgeRead, type Answer } from '../../../src/conformance/model/judge.js';
import { conversationOf, type ModelState } from '../../../src/conformance/model/state.js';
import { nodeOf, pageAnswer, refusalAnswer, stateWith } from './fixtures.js';

function messages(state: ModelState, first: number, answer: Answer, caller: 'member' | 'non-member' = 'member') {
  const alternatives = expectMessages(state, { kind: 'messages', caller, conversation: 'X', first }).map((want) => ({ want, state }));
  return judgeRead(answer, { field: 'messages', conversationId: 'conv-x', alternatives });
}

function since(state: ModelState, after: number, first: number, answer: Answer) {
  const alternatives = expectSince(state, { kind: 'since', caller: 'member', conversation: 'X', first, after }).map((want) => ({ want, state }));
  return judgeRead(answer, { field: 'messagesSince', conversationId: 'conv-x', alternatives });
}

const nodes = (state: ModelState, ...sequences: number[]) => conversationOf(state, 'X').messages.filter((m) => sequences.includes(m.sequence)).map((m) => nodeOf(m));

describe('the judge of a page', () => {
  const state = stateWith([1, 2, 3, 4], [1]);

  it('passes the page the spec asks for', () => {
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 3, 4), true))).toBeNull();
    expect(messages(state, 10, pageAnswer('messages', nodes(state, 1, 2, 3, 4), false))).toBeNull();
  });

  it('names the sentence a wrong page breaks', () => {
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 3, 4).reverse(), true))?.rule.id).toBe('ascending');
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 3, 4), false))?.rule.id).toBe('has-next-page-older');
    // The deleted message left out: the live ones alone.
    expect(messages(state, 10, pageAnswer('messages', nodes(state, 2, 3, 4), false))?.rule.id).toBe('soft-deleted');
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 2, 3, 4), true))?.rule.id).toBe('page-size');
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 3, 4), true, null))?.rule.id).toBe('end-cursor');
  });

  it('compares text character for character, and shows the difference', () => {
    const node = nodeOf(conversationOf(state, 'X').messages[3]!, { content: 'cafe\u0301'.normalize('NFC') });
    const sent = stateWith([1, 2, 3, 4], [1]);
    const x = conversationOf(sent, 'X');
    const decomposed = new Map(sent).set('X', { ...x, messages: x.messages.map((m) => (m.sequence === 4 ? { ...m, content: 'cafe\u0301' } : m)) });
    const verdict = messages(decomposed, 1, pageAnswer('messages', [node], true));
    expect(verdict?.rule.id).toBe('stored-as-sent');
    expect(verdict?.reason).toContain('\\u{E9}');
    expect(verdict?.reason).toContain('\\u{301}');
  });

  it('takes a refusal with the code wherever the run reads it, at any status below 500', () => {
    expect(messages(state, 2, refusalAnswer('FORBIDDEN', 403), 'non-member')).toBeNull();
    expect(messages(state, 2, refusalAnswer('FORBIDDEN', 200), 'non-member')).toBeNull();
    expect(messages(state, 2, refusalAnswer('NOT_FOUND'), 'non-member')?.rule.id).toBe('non-member-forbidden');
    expect(messages(state, 2, refusalAnswer('FORBIDDEN', 500), 'non-member')?.reason).toContain('HTTP 500');
    expect(messages(state, 2, pageAnswer('messages', nodes(state, 3, 4), true), 'non-member')?.rule.id).toBe('non-member-forbidden');
  });

  it('lets messagesSince send fewer than first, never skipping one, and holds hasNextPage to what remains', () => {
    expect(since(state, 0, 3, pageAnswer('messagesSince', nodes(state, 1, 2), true))).toBeNull();
    expect(since(state, 0, 3, pageAnswer('messagesSince', nodes(state, 1, 2), false))?.rule.id).toBe('has-next-page-newer');
    expect(since(state, 0, 3, pageAnswer('messagesSince', nodes(state, 2, 3), true))?.rule.id).toBe('soft-deleted');
    expect(since(state, 1, 3, pageAnswer('messagesSince', nodes(state, 1, 2, 3), true))?.rule.id).toBe('since-greater');
    expect(since(state, 4, 3, pageAnswer('messagesSince', [], false))).toBeNull();
    expect(since(state, 2, 3, pageAnswer('messagesSince', [], false))?.rule.id).toBe('since-greater');
  });
});
