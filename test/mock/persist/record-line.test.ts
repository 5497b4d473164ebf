import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { line, lineJson } from '../../../src/mock-server/persist/log-format.js';
import { RecordLine } from '../../../src/mock-server/persist/record-line.js';
import type { ChangeRecord } from '../../../src/mock-server/state/changes/records.js';

/**
 * A line of the log made by `RecordLine`: upload bodies copied in as bytes, the rest through
 * JSON. It must be the line `line(JSON.stringify(records))` would be, but for the body coming
 * last in its row: the same JSON once parsed, a checksum that matches.
 */
const body = (bytes: number) => randomBytes(bytes).toString('base64');

function built(...batches: ChangeRecord[][]): Buffer {
  const builder = new RecordLine();
  for (const batch of batches) builder.add(batch);
  return Buffer.concat(builder.end());
}

function parsed(bytes: Buffer): unknown {
  expect(bytes.at(-1)).toBe(0x0a);
  const json = lineJson(bytes, 0, bytes.length - 1);
  expect(json).not.toBeNull();
  return JSON.parse(json!);
}

describe('RecordLine', () => {
  it('gives the records back, large upload bodies included, wherever they come in the batches', () => {
    const upload = (key: string, text: string | null, extra: Record<string, unknown> = { ownerId: 'u1', fileName: 'a "quoted" \u00e9 name' }): ChangeRecord => ['s', 'uploads', key, { key, ...extra, body: text }];
    const records: ChangeRecord[][] = [
      [upload('big-first', body(6000)), ['s', 'users', 'u1', { id: 'u1', name: 'Ann' }]],
      [['d', 'users', 'u2'], upload('small', body(10)), upload('null', null)],
      [upload('big-last', body(9000)), upload('big-alone', body(5000), {})],
    ];
    expect(parsed(built(...records))).toEqual(JSON.parse(JSON.stringify(records.flat())));
  });

  it('makes the very line of JSON.stringify when no body is large, and `[]` for nothing', () => {
    const records: ChangeRecord[] = [['s', 'users', 'u1', { id: 'u1' }], ['v', 'nextSessionId', 3], ['d', 'users', 'u2']];
    expect(built(records.slice(0, 1), records.slice(1)).toString()).toBe(line(JSON.stringify(records)));
    expect(built().toString()).toBe(line('[]'));
  });
});
