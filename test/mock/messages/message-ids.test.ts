import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../src/schema/ids.js';
import { MessageIdSpace, messageIdPrefix } from '../../../src/mock-server/state/messages/message-ids.js';
import { MessageLog } from '../../../src/mock-server/state/messages/message-log.js';
import { MessageRecord } from '../../../src/mock-server/state/messages/records.js';
import { MessageTable } from '../../../src/mock-server/state/messages/tables.js';

/**
 * Computed message ids (`message-ids.ts`): UUIDs as SPEC.md section 2 requires, one per sequence
 * and back, unguessable from one another, and the table that finds messages by them without
 * storing them.
 */

const CONVERSATION = '3f0c6a52-1b7e-4c1a-9d7e-2a5b8c9d0e1f';
const space = new MessageIdSpace(CONVERSATION, 'state-key-1');

const bitsDiffering = (a: string, b: string) => {
  let bits = 0;
  for (let index = 0; index < a.length; index += 1) {
    let x = parseInt(a[index]!, 16) ^ parseInt(b[index]!, 16);
    for (; x > 0; x >>= 1) bits += x & 1;
  }
  return bits;
};

describe('MessageIdSpace', () => {
  it('gives version 8 UUIDs (RFC 9562 variant) with the conversation\'s prefix', () => {
    for (const sequence of [1, 2, 255, 16_777_216, 2 ** 48 - 1]) {
      const id = space.idOf(sequence);
      expect(isUuid(id), id).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id.startsWith(space.prefix)).toBe(true);
      expect(messageIdPrefix(id)).toBe(space.prefix);
    }
  });

  it('reads the sequence back from every id it gives, and from nothing else', () => {
    for (let sequence = 1; sequence <= 5_000; sequence += 1) expect(space.sequenceOf(space.idOf(sequence))).toBe(sequence);
    for (const sequence of [2 ** 24 - 1, 2 ** 24, 2 ** 24 + 1, 2 ** 40 + 12_345, 2 ** 48 - 1]) expect(space.sequenceOf(space.idOf(sequence))).toBe(sequence);
    const id = space.idOf(42);
    expect(space.sequenceOf(id.toUpperCase())).toBeNull();
    expect(space.sequenceOf(`${id.slice(0, 30)}zzzzzz`)).toBeNull();
    expect(space.sequenceOf(id.slice(0, 35))).toBeNull();
    expect(space.sequenceOf(new MessageIdSpace(CONVERSATION, 'another key').idOf(42))).toBeNull();
  });

  it('gives every sequence its own id, and consecutive ids that share no pattern', () => {
    const ids = Array.from({ length: 20_000 }, (_, index) => space.idOf(index + 1));
    expect(new Set(ids).size).toBe(ids.length);
    // Enciphered, not counted: neighbours differ in about half of the 48 bits, never in a few.
    const differing = ids.slice(1).map((id, index) => bitsDiffering(id.slice(24), ids[index]!.slice(24)));
    const mean = differing.reduce((sum, bits) => sum + bits, 0) / differing.length;
    expect(mean).toBeGreaterThan(20);
    expect(mean).toBeLessThan(28);
    expect(Math.min(...differing)).toBeGreaterThan(4);
  });

  it('depends on the secret key: the same conversation and sequence under another key is another id, prefix and all', () => {
    const other = new MessageIdSpace(CONVERSATION, 'state-key-2');
    expect(other.prefix).not.toBe(space.prefix);
    expect(other.idOf(1)).not.toBe(space.idOf(1));
    expect(new MessageIdSpace('3f0c6a52-1b7e-4c1a-9d7e-2a5b8c9d0e20', 'state-key-1').prefix).not.toBe(space.prefix);
  });
});

describe('MessageTable', () => {
  const fields = (sequence: number, id: string | null = null) => ({ id, senderId: 'u1', clientMessageId: `c-${sequence}`, sequence, content: `m${sequence}`, createdAt: 1_000 + sequence });
  let keys = 0;
  const newKey = () => `key-${++keys}`;

  it('finds messages by computed id, and finds nothing for ids it did not give', () => {
    const table = new MessageTable();
    const log = table.open(new MessageLog(CONVERSATION), newKey);
    for (let sequence = 1; sequence <= 3; sequence += 1) table.add(MessageRecord.create(log, fields(sequence)));
    const [first, , third] = table.values();
    expect(table.size).toBe(3);
    expect(table.get(first!.id)).toBe(first);
    expect(table.get(third!.id)!.content).toBe('m3');
    expect(table.get(log.idOf(4))).toBeUndefined();
    expect(table.get(first!.id.toUpperCase())).toBeUndefined();
    expect(table.get('00000000-0000-4000-8000-000000000001')).toBeUndefined();
    expect([...table.keys()]).toEqual([1, 2, 3].map((sequence) => log.idOf(sequence)));
  });

  it('keeps ids it was given (a snapshot\'s), and refuses one that is taken', () => {
    const table = new MessageTable();
    const log = table.open(new MessageLog(CONVERSATION), newKey);
    const given = MessageRecord.create(log, fields(1, '00000000-0000-4000-8000-00000000000c'));
    table.add(given);
    expect(given.hasExplicitId).toBe(true);
    expect(table.get('00000000-0000-4000-8000-00000000000c')).toBe(given);
    // Its computed id names nothing: the message has the id it was given.
    expect(table.get(log.idOf(1))).toBeUndefined();
    const computed = MessageRecord.create(log, fields(2));
    table.add(computed);
    expect(computed.hasExplicitId).toBe(false);
    expect(() => table.add(MessageRecord.create(log, fields(3, computed.id)))).toThrow(/is taken/);
  });

  it('gives a log whose prefix another has no space: its messages need ids of their own', () => {
    const table = new MessageTable();
    const first = table.open(new MessageLog(CONVERSATION), newKey);
    const clash = table.open(new MessageLog(CONVERSATION), newKey);
    expect(first.space).not.toBeNull();
    expect(clash.space).toBeNull();
    expect(() => MessageRecord.create(clash, fields(1))).toThrow(/needs an id of its own/);
    const own = MessageRecord.create(clash, fields(1, '00000000-0000-4000-8000-0000000000aa'));
    table.add(own);
    expect(table.get(own.id)).toBe(own);
  });

  it('stores no id: a record holds its log, sender, client id, sequence, content, time and extras, nothing more', () => {
    const table = new MessageTable();
    const log = table.open(new MessageLog(CONVERSATION), newKey);
    const message = MessageRecord.create(log, fields(1));
    table.add(message);
    expect(Object.keys(message).sort()).toEqual(['clientMessageId', 'content', 'createdAt', 'log', 'more', 'senderId', 'sequence']);
    expect(Reflect.get(message, 'more')).toBeNull();
    table.update(message.id, { updatedAt: message.createdAt, deletedAt: null, attachments: [], reactions: null });
    expect(Reflect.get(message, 'more')).toBeNull();
    table.update(message.id, { updatedAt: message.createdAt + 5 });
    expect(message.updatedAt).toBe(message.createdAt + 5);
    expect(Reflect.get(message, 'more')).not.toBeNull();
  });
});
