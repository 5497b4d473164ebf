import type { MessageRecord } from './records.js';

/** The messages area's table. Each conversation's sequence order is its `log` (see message-log.ts). */
export interface MessageTables {
  readonly messages: Map<string, MessageRecord>;
}

export function createMessageTables(): MessageTables {
  return { messages: new Map() };
}
