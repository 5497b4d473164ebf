import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import type { MockConversation } from '../../src/mock-server/facade/mock-data.js';
import { SseClient } from '../support/event-stream.js';

/**
 * Attack class: memory exhaustion through the dev event stream (`GET /dev/events`). A client that
 * opens a stream and never reads it would have every event queued for it for ever, and a client
 * that opens stream after stream would have each fed: a stream holds at most `maxQueuedBytes`
 * unread (past it the client is dropped and its queue let go), and at most `maxStreams` are open
 * at once (the next is refused with 429 QUOTA_EXCEEDED). Small bounds here prove the same as the
 * defaults (8 streams, 1 MiB).
 */

const MAX_STREAMS = 2;
const MAX_QUEUED = 64 * 1024;
let mock: RunningMockServer;
let channel: MockConversation;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, devControls: { events: { maxStreams: MAX_STREAMS, maxQueuedBytes: MAX_QUEUED } } });
  await mock.data.createUser({ username: 'ada' });
  await mock.data.createWorkspace({ name: 'Acme', owner: 'ada', slug: 'acme' });
  channel = await mock.data.createChannel({ workspace: 'acme', name: 'ops', by: 'ada' });
});
afterAll(() => mock.close());

/** A stream opened over a raw socket whose client never reads: what the server sends piles up. */
function silentStream(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(mock.port, '127.0.0.1', () => {
      socket.write(`GET /dev/events HTTP/1.1\r\nHost: 127.0.0.1:${mock.port}\r\n\r\n`);
      // Read the status line, then stop reading for good.
      socket.once('data', (chunk: Buffer) => {
        socket.pause();
        if (chunk.toString('latin1').startsWith('HTTP/1.1 200')) resolve(socket);
        else reject(new Error(chunk.toString('latin1')));
      });
    });
    socket.on('error', () => {});
  });
}

async function status(): Promise<number> {
  const answer = await fetch(`${mock.origin}/dev/events`);
  await answer.body?.cancel();
  return answer.status;
}

/** A stream that reads, opened once a slot is free (a stream closed by a test before ends on the server a moment later). */
async function openReading(path = '/dev/events'): Promise<SseClient> {
  for (;;) {
    const client = await SseClient.open(`${mock.origin}${path}`);
    if (client.response.status === 200) return client;
    await client.close();
  }
}

describe('GET /dev/events bounds', () => {
  it('drops a client that does not read once its queue passes the bound, and lets its slot go', async () => {
    const reader = await openReading('/dev/events?types=journal');
    const silent = await silentStream();
    expect(await status()).toBe(429);
    // Events of about 20 KB each, to a client that reads none of them.
    const content = 'x'.repeat(20_000);
    let sent = 0;
    let freed = false;
    while (!freed && sent < 300) {
      for (let i = 0; i < 10; i++, sent++) await mock.data.sendMessage({ conversation: channel.id, by: 'ada', content });
      freed = (await status()) === 200;
    }
    expect(freed, `still open after ${sent} events`).toBe(true);
    // The server ended the silent client's connection.
    silent.resume();
    await new Promise<void>((resolve) => (silent.destroyed ? resolve() : silent.once('close', () => resolve())));
    // A client that reads is not dropped: its stream is still open and fed.
    await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"query Ping { __typename }"}' });
    expect((await reader.json<{ operationName: string }>('journal')).operationName).toBe('Ping');
    await reader.close();
  });

  it('refuses a stream past the most open at once with 429, and takes one again once a stream closes', async () => {
    const first = await openReading();
    const second = await openReading();
    const refused = await fetch(`${mock.origin}/dev/events`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('QUOTA_EXCEEDED');
    await first.close();
    const third = await openReading();
    expect(await status()).toBe(429);
    await Promise.all([second.close(), third.close()]);
  });
});
