import type { MessageRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The messages area's table. Each conversation's sequence order is its `log` (see message-log.ts). */
export interface MessageTables {
  readonly messages: TrackedMap<string, MessageRecord>;
}

export function createMessageTables(): MessageTables {
  return { messages: new TrackedMap() };
}
