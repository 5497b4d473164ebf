import { randomUUID } from 'node:crypto';
import type { CredentialsFile } from '../../../src/conformance/run.js';

async function post<T>(graphqlUrl: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`${graphqlUrl} refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Registers `count` accounts on the server at `origin` and returns them as a credentials file of
 * ready tokens (`--credentials`), as an operator would hand them to the suite.
 */
export async function readyAccounts(origin: string, count: number): Promise<CredentialsFile> {
  const graphqlUrl = `${origin}/graphql`;
  const accounts = await Promise.all(
    Array.from({ length: count }, async () => {
      const tag = randomUUID().slice(0, 12).replace('-', '');
      const input = { displayName: `Operator ${tag}`, email: `operator-${tag}@example.com`, password: `Pw-${randomUUID()}`, username: `operator_${tag}` };
      await post(graphqlUrl, 'mutation Register($input: RegisterInput!) { register(input: $input) }', { input });
      const { login } = await post<{ login: { accessToken: string; refreshToken: string } }>(graphqlUrl, 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken refreshToken } }', {
        input: { email: input.email, password: input.password },
      });
      return { accessToken: login.accessToken, refreshToken: login.refreshToken };
    }),
  );
  return { accounts };
}
