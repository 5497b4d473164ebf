/**
 * The commands of the README's shell blocks (```sh), which test/consumers/fresh-clone.test.ts runs
 * in a fresh clone as a new user would. Each command is one of the kinds below; one the test does
 * not know fails it, so a command added to the README is a command tested.
 */

export type ReadmeCommand =
  /** `npm install`: the clone's install, which the test runs first. */
  | { kind: 'install'; text: string }
  /** `npm start`: started, then stopped. */
  | { kind: 'start'; text: string }
  /** `npm test`, `npm run NAME`: the test checks that package.json has the script. */
  | { kind: 'script'; text: string; script: string }
  /** `npx parley ...`: run in the clone, against the mock `npm start` serves. */
  | { kind: 'npx'; text: string }
  /** `curl ...`: run against the mock `npm start` serves. */
  | { kind: 'curl'; text: string }
  /** `NAME=<placeholder>`: what the reader sets from an earlier answer (the test does the same). */
  | { kind: 'assignment'; text: string; name: string }
  | { kind: 'unknown'; text: string };

/** The bodies of the ```sh blocks, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** `text` without a trailing `# comment` (a `#` after a space, outside quotes). */
function withoutComment(text: string): string {
  let quote: string | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      if (char === '\\' && quote === '"') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (index === 0 || /\s/.test(text[index - 1]!))) return text.slice(0, index).trimEnd();
  }
  return text.trimEnd();
}

function classify(text: string): ReadmeCommand {
  if (text === 'npm install') return { kind: 'install', text };
  if (text === 'npm start') return { kind: 'start', text };
  if (text === 'npm test') return { kind: 'script', text, script: 'test' };
  const script = /^npm run ([\w:-]+)$/.exec(text);
  if (script) return { kind: 'script', text, script: script[1]! };
  if (/^npx parley(\s|$)/.test(text)) return { kind: 'npx', text };
  if (/^curl\s/.test(text)) return { kind: 'curl', text };
  const assignment = /^([A-Z_]+)=\S+$/.exec(text);
  if (assignment) return { kind: 'assignment', text, name: assignment[1]! };
  return { kind: 'unknown', text };
}

/**
 * The commands of a shell block: continued lines (`\` at the end) joined, comments and blank lines
 * dropped, `a && b` split into its commands.
 */
export function blockCommands(block: string): ReadmeCommand[] {
  const lines = block.replace(/\\\n\s*/g, '').split('\n');
  return lines
    .map(withoutComment)
    .filter((line) => line.trim() !== '')
    .flatMap((line) => line.split(' && '))
    .map((text) => classify(text.trim()));
}

/** Every command of every shell block of the README, in order. */
export function readmeCommands(readme: string): ReadmeCommand[] {
  return shellBlocks(readme).flatMap(blockCommands);
}

/**
 * The README's placeholders for what the reader takes from an earlier answer, and where the test
 * finds each in the answers so far (newest last).
 */
export const placeholders: Record<string, (answers: readonly unknown[]) => string | undefined> = {
  '<workspace id>': (answers) => find(answers, (data) => (data as { workspaces?: { id: string; name: string }[] }).workspaces?.find((w) => w.name === 'Acme')?.id),
  '<general id>': (answers) =>
    find(answers, (data) => (data as { conversations?: { nodes: { id: string; title: string }[] } }).conversations?.nodes.find((c) => /^#?general$/.test(c.title))?.id),
  '<a STORED item id>': (answers) =>
    find(answers, (data) => (data as { fileLibrary?: { items: { id: string; kind: string }[] } }).fileLibrary?.items.find((item) => item.kind === 'STORED')?.id),
};

/** What the README's `NAME=...` lines stand for, from the answers so far. */
export const assignments: Record<string, (answers: readonly unknown[]) => string | undefined> = {
  TOKEN: (answers) => find(answers, (data) => (data as { login?: { accessToken?: string } }).login?.accessToken),
};

function find(answers: readonly unknown[], pick: (data: unknown) => string | undefined): string | undefined {
  for (const answer of [...answers].reverse()) {
    const data = (answer as { data?: unknown } | null)?.data;
    const found = data ? pick(data) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
