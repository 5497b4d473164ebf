/**
 * Fixtures files: a documented JSON format (docs/fixtures-format.md) a frontend developer writes
 * by hand to start the mock with their own users, workspaces, channels, DMs and messages. Runs in
 * a browser too (no `node:` import): the MSW door loads the same files.
 */
export { loadFixtures, checkFixtures, fixturesFromText, type CheckedFixtures, type FixturesResult } from './load.js';
export { fixturesDocument, FIXTURES_VERSION, type Fixtures, type FixturesInput } from './format.js';
export { FixturesError, formatProblems, type FixtureProblem } from './problems.js';
export { DEFAULT_SPREAD_MS } from './times.js';
