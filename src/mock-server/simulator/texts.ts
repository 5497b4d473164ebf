/**
 * What the simulated people write: short chat lines made of a template and a slot, picked with the
 * scenario's seeded randomness (no faker: the simulator loads with the console, in a page too).
 */

const templates = [
  'Morning! Anyone up for a quick sync on {thing}?',
  'I pushed a fix for {thing}, can someone review?',
  'Heads up: {thing} is slow again today.',
  'Thanks, that helped with {thing}.',
  'Can we move the {thing} meeting to after lunch?',
  'Looks good to me. Ship {thing}!',
  'Does anyone know who owns {thing}?',
  'I will take {thing} this sprint.',
  '{thing} is done, moving on to the next one.',
  'Lunch? I am thinking about the café by the park.',
  'Small win: {thing} passes on CI now.',
  'Reminder: demo of {thing} at 4 pm.',
  'I left comments on {thing}.',
  'Back in 10 minutes.',
  'Agreed, let us keep {thing} simple.',
  'Who broke {thing}? Just kidding, it was me.',
] as const;

const things = [
  'the release notes',
  'the onboarding flow',
  'the invoice export',
  'the search page',
  'the load test',
  'the mobile app',
  'the billing service',
  'the pricing page',
  'the migration plan',
  'the on-call runbook',
] as const;

/** Emojis the simulated people react with. */
export const REACTIONS = ['👍', '🎉', '❤️', '😂', '👀', '🚀'] as const;

/** A chat line from two random numbers in [0, 1). */
export function chatLine(template: number, slot: number): string {
  const text = templates[Math.floor(template * templates.length)]!;
  return text.replace('{thing}', things[Math.floor(slot * things.length)]!);
}
