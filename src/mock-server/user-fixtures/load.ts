import * as v from 'valibot';
import { systemClock } from '../state/clock.js';
import type { MockState, MockStateOptions } from '../state/mock-state.js';
import { buildState } from './build.js';
import { fixturesDocument, type Fixtures } from './format.js';
import { planConversations, planPeople, Planning, type Plan } from './plan.js';
import { planMessages } from './plan-messages.js';
import { salvage } from './salvage.js';
import { FixturesError, type FixtureProblem } from './problems.js';
import { shapeProblems } from './shape-problems.js';
import { reservedKeyProblems } from './reserved-keys.js';

/** A checked fixtures file, ready to build, or every problem found in it. */
export type CheckedFixtures =
  | { readonly ok: true; readonly plan: Plan; readonly timeline: { readonly times: readonly number[]; readonly start: number } }
  | { readonly ok: false; readonly problems: readonly FixtureProblem[] };

/**
 * Checks a parsed fixtures file: its shape against the format (format.ts), then every reference
 * (users, workspaces, channels, DMs, replies, reactions) and the time order of each conversation.
 * Relative times count back from `now`. Reports every problem, each with its JSON path.
 */
export function checkFixtures(doc: unknown, now: number): CheckedFixtures {
  const parsed = v.safeParse(fixturesDocument, doc);
  const problemsOfShape = [...(parsed.success ? [] : shapeProblems(parsed.issues, doc, fixturesDocument)), ...reservedKeyProblems(doc, fixturesDocument)];
  // The items of the right shape are checked for references even when others are wrong, so one
  // run reports every problem; an unreadable frame (no object, no list of users) stops here.
  const salvaged = salvage(doc);
  if (salvaged === null) return { ok: false, problems: problemsOfShape };
  const planning = new Planning(salvaged);
  planPeople(planning);
  const { channels, dms } = planConversations(planning);
  const { messages, times, start } = planMessages(planning, channels, dms, now);
  const problems = [...problemsOfShape, ...planning.problems];
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  const plan: Plan = { users: parsed.output.users, workspaces: planning.workspaces, channels, dms, messages };
  return { ok: true, plan, timeline: { times, start } };
}

/**
 * Builds a {@link MockState} from a fixtures file (docs/fixtures-format.md), already parsed from
 * JSON, through the domain services so every rule and index holds. Relative times and the
 * default spread count back from `options.clock` (the system clock by default); ids of the
 * file's records are the same on every load.
 *
 * @throws {FixturesError} listing every problem with its JSON path (`messages[3].from: no user "bob" in users`)
 * @example const state = await loadFixtures(JSON.parse(text), { clock });
 */
export async function loadFixtures(doc: unknown, options: MockStateOptions = {}): Promise<MockState> {
  const checked = checkFixtures(doc, (options.clock ?? systemClock).now());
  if (!checked.ok) throw new FixturesError(checked.problems);
  return buildState(checked.plan, checked.timeline, options);
}

/** What {@link fixturesFromText} gives: the state, or every problem (nothing thrown for a bad file). */
export type FixturesResult = { readonly ok: true; readonly state: MockState } | { readonly ok: false; readonly problems: readonly FixtureProblem[] };

/**
 * From the raw text of a fixtures file to a state, or to the list of its problems (JSON syntax
 * included): what a route that swaps the state (`POST /dev/fixtures`) or a CLI flag needs.
 */
export async function fixturesFromText(text: string, options: MockStateOptions = {}): Promise<FixturesResult> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: `not JSON: ${(error as Error).message}` }] };
  }
  return fixturesFromDocument(doc, options);
}

/** From a parsed fixtures document to a state, or to the list of its problems (nothing thrown for a bad file). */
export async function fixturesFromDocument(doc: unknown, options: MockStateOptions = {}): Promise<FixturesResult> {
  try {
    return { ok: true, state: await loadFixtures(doc, options) };
  } catch (error) {
    if (error instanceof FixturesError) return { ok: false, problems: error.problems };
    throw error;
  }
}

export type { Fixtures };
