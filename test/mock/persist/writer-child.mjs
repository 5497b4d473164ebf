// The child of the kill -9 test (plain JavaScript over dist/, which test/global-setup.ts builds,
// so it starts fast): a mock persisting to argv[2] with no debounce, changing its state in a loop
// (one workspace after another) so that a write is nearly always under way when the parent kills
// it. Prints `ready <workspaces>` once it serves.
import { startMockServer } from '../../../dist/mock-server/mock-server.js';

const file = process.argv[2];
const mock = await startMockServer({ port: 0, empty: true, persist: { file, debounceMs: 0, maxWaitMs: 0 } });
const run = async (query, variables, token) => {
  const result = await mock.runtime.run({ query, variables, authorization: token ? `Bearer ${token}` : null, publicOrigin: mock.origin });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
};
const email = `writer-${process.pid}@example.test`;
const password = 'correct horse battery';
await run('mutation($input: RegisterInput!) { register(input: $input) }', { input: { displayName: 'Writer', email, password, username: `writer_${process.pid}` } });
const { login } = await run('mutation($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email, password } });
console.log(`ready ${mock.state.tables.workspaces.size}`);
for (let n = 0; ; n += 1) {
  await run('mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }', { input: { name: 'Busy', slug: `w-${process.pid}-${n}` } }, login.accessToken);
  // As requests arriving over the network would: let timers (the writer's) run between changes.
  await new Promise((resolve) => setImmediate(resolve));
}
