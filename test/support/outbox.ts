import { expect } from 'vitest';

/** A mail of the dev outbox, as `GET /dev/outbox` shows it. */
export interface Mail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly token: string | null;
  readonly link: string | null;
  readonly sentAt: string;
}

/** Every mail of the mock at `origin`, oldest first, read over HTTP as a developer would. */
export async function readOutbox(origin: string): Promise<Mail[]> {
  const response = await fetch(`${origin}/dev/outbox`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

/** The mails to `to` whose token starts with `tokenPrefix` (`ev_` verification, `wi_` invitation). */
export async function mailsTo(origin: string, to: string, tokenPrefix: 'ev_' | 'wi_'): Promise<Mail[]> {
  return (await readOutbox(origin)).filter((mail) => mail.to === to && mail.token?.startsWith(tokenPrefix));
}
