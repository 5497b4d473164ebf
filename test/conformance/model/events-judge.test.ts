import type { FormattedExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { judgeEvents, type EventName, type Watched } from '../../../src/conformance/model/events-judge.js';
import type { WriteMade } from '../../../src/conformance/model/play.js';
import { withMessage, type ModelMessage, type ModelState } from '../../../src/conformance/model/state.js';
import { emptyState, message, nodeOf } from './fixtures.js';

const ids = new Map([['X', 'conv-x'], ['Y', 'conv-y']] as const);

function event(name: EventName, m: ModelMessage, change: Record<string, unknown> = {}): FormattedExecutionResult {
  return { data: { [name]: nodeOf(m, change) } };
}

function watched(name: EventName, results: FormattedExecutionResult[], member = true): Watched {
  return { who: member ? 'B' : 'C', event: name, conversation: 'X', member, results };
}

describe('the judge of events', () => {
  const sent = message(5);
  const edited = { ...sent, content: 'second' };
  const deleted = { ...edited, deleted: true };
  const inY = message(9, { conversation: 'Y' });
  const state: ModelState = withMessage(withMessage(emptyState(), deleted), inY);
  const writes: WriteMade[] = [
    { kind: 'send', conversation: 'X', message: sent, step: 3 },
    { kind: 'edit', conversation: 'X', message: { ...sent, content: 'first' }, step: 4 },
    { kind: 'edit', conversation: 'X', message: edited, step: 5 },
    { kind: 'delete', conversation: 'X', message: deleted, step: 6 },
    { kind: 'send', conversation: 'Y', message: inY, step: 7 },
  ];
  const contents = new Map([[sent.id, ['text 5', 'first', 'second']], [inY.id, [inY.content]]]);
  const judge = (...w: Watched[]) => judgeEvents({ watched: w, writes, contents, state, ids });
  const allRight = [
    watched('messageCreated', [event('messageCreated', sent)]),
    watched('messageUpdated', [event('messageUpdated', sent, { content: 'first' }), event('messageUpdated', sent, { content: 'second' })]),
    watched('messageDeleted', [event('messageDeleted', deleted)]),
  ];

  it('passes every change delivered to members, and nothing to others', () => {
    expect(judge(...allRight, watched('messageCreated', [], false))).toBeNull();
  });

  it('allows a late payload that already shows a later edit, and a reaction announced as an update', () => {
    const late = watched('messageUpdated', [event('messageUpdated', sent, { content: 'second' }), event('messageUpdated', sent, { content: 'second' }), event('messageUpdated', sent, { content: 'second' })]);
    expect(judge(late)).toBeNull();
  });

  it('needs no event for an edit that leaves the content as it was', () => {
    const same = { ...sent, content: 'text 5' };
    const unchanged: WriteMade[] = [{ kind: 'send', conversation: 'X', message: sent, step: 3 }, { kind: 'edit', conversation: 'X', message: same, before: sent, step: 4 }];
    const quiet = judgeEvents({ watched: [watched('messageUpdated', [])], writes: unchanged, contents, state, ids });
    expect(quiet).toBeNull();
    const changed = judgeEvents({ watched: [watched('messageUpdated', [])], writes: [unchanged[0]!, { ...unchanged[1]!, message: edited }], contents, state, ids });
    expect(changed?.rule.id).toBe('event-updated');
  });

  it('names the sentence each wrong delivery breaks', () => {
    expect(judge(watched('messageCreated', []))?.rule.id).toBe('event-created');
    expect(judge(watched('messageCreated', [event('messageCreated', sent), event('messageCreated', inY)]))?.rule.id).toBe('event-of-its-conversation');
    expect(judge(watched('messageUpdated', [event('messageUpdated', sent, { content: 'first' }), event('messageUpdated', sent, { content: 'first' })]))?.rule.id).toBe('event-updated');
    expect(judge(watched('messageDeleted', []))?.rule.id).toBe('event-deleted');
    expect(judge(watched('messageDeleted', [event('messageDeleted', deleted, { content: 'second' })]))?.rule.id).toBe('soft-deleted');
    expect(judge(watched('messageCreated', [event('messageCreated', sent)], false))?.rule.id).toBe('event-members-only');
    expect(judge(watched('messageCreated', [event('messageCreated', sent, { sequence: 6 })]))?.rule.id).toBe('event-created');
  });
});
