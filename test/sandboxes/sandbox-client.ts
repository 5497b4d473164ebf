import { expect } from 'vitest';

/** What `POST /sandboxes` answers (docs/mock.md, "Sandboxes: one server, isolated tests"). */
export interface SandboxAddress {
  readonly id: string;
  readonly origin: string;
  readonly url: string;
  readonly wsUrl: string;
  readonly devUrl: string;
  readonly idleTimeoutMs: number;
}

/** `POST /sandboxes` on the server at `origin`, as a test or a Playwright fixture would; the response as it came. */
export function postSandbox(origin: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}/sandboxes`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new sandbox, which must have been made (201). */
export async function newSandbox(origin: string, body?: unknown): Promise<SandboxAddress> {
  const response = await postSandbox(origin, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as SandboxAddress;
}

/** The first error of a non-GraphQL route's answer: its code and message. */
export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
  return { code: body.errors[0]!.extensions.code, message: body.errors[0]!.message };
}
