import type { Check, CheckContext } from '../check.js';
import type { HistoryShape } from '../model/arbitraries.js';
import { explore } from '../model/explore.js';

/**
 * The model-based checks: generated histories of sends, edits, deletes, reactions and reads by A
 * and B (members) and C (outside the workspace), every answer held to a pure model of the spec
 * (`src/conformance/model/`). A failure is the shortest history that still fails, step by step.
 * MUST: the model holds only what the spec states, and accepts every answer it leaves open.
 */

const MAX_COMMANDS = 24;

/** Event histories wait for their subscriptions at both ends, so fewer of them fit the run's budget. */
const EVENT_RUNS = 10;

function shape(ctx: CheckContext, reads: HistoryShape['reads']): HistoryShape {
  // Credentials matter at each read, not in long stories: shorter histories leave time to the others.
  return { reads, attachments: ctx.world.attachment !== null, outsider: ctx.world.c !== null, maxCommands: reads === 'credentials' ? MAX_COMMANDS / 2 : MAX_COMMANDS };
}

export const modelChecks: Check[] = [
  {
    id: 'model.messages',
    section: '4.1',
    specRef: '4.1; 2.1; 3; 7; 8 (the model)',
    level: 'MUST',
    title: 'generated histories: every messages page, cursor walk and refusal is what the spec says, with writes between and during reads, deleted messages at page edges and text as clients send it',
    needs: ['B'],
    run: (ctx) => explore(ctx, 'model.messages', shape(ctx, 'messages')),
  },
  {
    id: 'model.messages-since',
    section: '4.2',
    specRef: '4.2; 2.1; 3; 7; 8 (the model)',
    level: 'MUST',
    title: 'generated histories: every messagesSince page and refusal is what the spec says, read from 0, existing, deleted and future sequences, with writes between and during reads',
    needs: ['B'],
    run: (ctx) => explore(ctx, 'model.messages-since', shape(ctx, 'since')),
  },
  {
    id: 'model.credentials',
    section: '5',
    specRef: '5 rules 1-3; 7 rows 1 and 7 (the model)',
    level: 'MUST',
    title: 'generated histories: every credential the suite holds (access and refresh tokens of each actor, none, forged) on both queries gets what the spec says',
    needs: ['B'],
    run: (ctx) => explore(ctx, 'model.credentials', shape(ctx, 'credentials')),
  },
  {
    id: 'model.events',
    section: '6',
    specRef: '6 + 3; 6 + 5 rule 3 (the model)',
    level: 'MUST',
    title: 'generated histories: every subscription delivers each send, edit and delete of its conversation as the queries show it, nothing of other conversations, and nothing to non-members',
    needs: ['realtime', 'B'],
    run: (ctx) => explore(ctx, 'model.events', shape(ctx, 'events'), ctx.exploration.runs ?? EVENT_RUNS),
  },
];
