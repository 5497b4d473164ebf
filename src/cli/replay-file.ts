import { readFile } from 'node:fs/promises';
import type { Command, SavedHistory } from '../conformance/model/commands.js';
import { UsageError } from './credentials-file.js';

const KINDS = new Set(['send', 'burst', 'edit', 'delete', 'react', 'messages', 'since', 'concurrently', 'again', 'walk']);

function history(value: unknown, where: string): SavedHistory {
  const entry = typeof value === 'object' && value !== null ? (value as Partial<SavedHistory>) : {};
  if (typeof entry.check !== 'string' || !entry.check.startsWith('model.')) throw new UsageError(`--replay: ${where} needs "check", the id of a model check (model.messages, ...).`);
  if (!Array.isArray(entry.commands)) throw new UsageError(`--replay: ${where} needs "commands", the history as the JSON report's history.commands holds it.`);
  entry.commands.forEach((command: unknown, index) => {
    const kind = typeof command === 'object' && command !== null ? (command as { kind?: unknown }).kind : undefined;
    if (typeof kind !== 'string' || !KINDS.has(kind)) throw new UsageError(`--replay: ${where}.commands[${index}] is not a command of a history (its "kind" is ${JSON.stringify(kind)}).`);
  });
  return { check: entry.check, commands: entry.commands as Command[] };
}

/**
 * The histories of a replay file, by check id. The file is a JSON report (every failed model
 * check's `history` in it is replayed), one saved history `{ "check", "commands" }`, or a list of
 * them. Throws a {@link UsageError} naming the first problem in one sentence.
 */
export function parseReplay(text: string, file: string): Map<string, readonly Command[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--replay: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const results = (parsed as { results?: unknown } | null)?.results;
  let histories: SavedHistory[];
  if (Array.isArray(results)) {
    histories = results.flatMap((result: { history?: { commands?: unknown } }, index) => (result?.history?.commands ? [history(result.history, `results[${index}].history`)] : []));
    if (histories.length === 0) throw new UsageError(`--replay: the report ${file} holds no failed model check with a history to replay.`);
  } else if (Array.isArray(parsed)) {
    histories = parsed.map((entry, index) => history(entry, `[${index}]`));
  } else {
    histories = [history(parsed, file)];
  }
  return new Map(histories.map((h) => [h.check, h.commands]));
}

export async function readReplay(file: string): Promise<Map<string, readonly Command[]>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--replay: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  return parseReplay(text, file);
}
