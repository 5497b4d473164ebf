/**
 * Chat-like message texts for the search benchmark: short work sentences built from templates,
 * deterministic (a linear congruential generator with a fixed seed), so every run searches the
 * same words. About one message in four holds "review"; "zanzibar" is in one in 5,000.
 */
export function chatTexts(count: number, seed = 42): string[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const people = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi', 'Ivan', 'José', 'Zoë'];
  const things = ['the release', 'the roadmap', 'the onboarding flow', 'the invoice export', 'the login page', 'the API docs',
    'the design review', 'the budget sheet', 'the staging server', 'the mobile build', 'the café order', 'the sprint board',
    'the customer call', 'the hiring plan', 'the dashboard'];
  const verbs = ['moved', 'shipped', 'broke', 'fixed', 'updated', 'reviewed', 'postponed', 'deployed', 'cleaned up', 'rewrote'];
  const days = ['today', 'tomorrow', 'on Friday', 'next week', 'this morning', 'after lunch', 'before the standup'];
  const templates: (() => string)[] = [
    () => `${pick(people)} ${pick(verbs)} ${pick(things)} ${pick(days)}, can someone take a look?`,
    () => `Quick reminder: ${pick(things)} is due ${pick(days)}.`,
    () => `I think ${pick(things)} needs another pass before we share it with ${pick(people)}.`,
    () => `Thanks ${pick(people)}! That fixed it.`,
    () => `Has anyone seen ${pick(things)}? It was ${pick(verbs)} ${pick(days)} and now the numbers look off.`,
    () => `Lunch ${pick(days)}? ${pick(people)} suggested the new place near the office.`,
    () => `PR is up for ${pick(things)}, ${pick(people)} could you review?`,
    () => `Heads up: ${pick(things)} will be down ${pick(days)} for maintenance.`,
  ];
  return Array.from({ length: count }, (_, i) => {
    const text = pick(templates)();
    return i % 5_000 === 17 ? `${text} Booked the zanzibar offsite.` : text;
  });
}
