import { connect, type Socket } from 'node:net';
import { MiB, type Attack } from '../attack.js';

/**
 * Amplified answers: 10 connections each pipeline 20 requests of a query of a few hundred bytes
 * whose answer is 7.2 MB (6 aliased pages of 15 reply previews, each selecting a 40,000-character
 * message twice), and never read, for 3 s. Then each reads just far enough to see its first
 * answer's status.
 */

const CONNECTIONS = 10;
const PIPELINED = 20;
const HOLD_MS = 3_000;
const REPLIES = 15;
/** docs/mock.md: `--max-response-bytes`, 8 MiB by default; one unread answer per connection. */
const MAX_RESPONSE = 8 * MiB;

function amplified(pages: number): string {
  const selections = Array.from({ length: pages }, (_, i) => `p${i}:messages(conversationId:$c){...P}`).join(' ');
  return `query Amplified($c:ID!){${selections}} fragment P on MessagePage{nodes{replyTo{a:content b:content}}}`;
}

/** The status of the first answer on `socket`, reading only that far (null if the connection ends first). */
function firstStatus(socket: Socket): Promise<number | null> {
  return new Promise((resolve) => {
    let head = '';
    const done = (status: number | null) => {
      socket.removeAllListeners('data');
      socket.destroy();
      resolve(status);
    };
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1', 0, Math.min(chunk.length, 64));
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
      else if (head.length >= 12) done(null);
    });
    socket.once('close', () => done(null));
    socket.resume();
  });
}

export const amplifiedAnswers: Attack = {
  name: 'amplified answers: 10 connections x 20 pipelined 7.2 MB answers, never read',
  args: () => ['--empty'],
  why: 'keeps nothing once the connections close; in flight: one unread answer (8 MiB at most) per connection, and one being built',
  keeps: () => 0,
  inFlight: (CONNECTIONS + 1) * MAX_RESPONSE,
  async prepare({ client, mock }) {
    const token = await client.register('soak-amplified');
    const { channelId } = await client.channel(token, 'soak-amplified');
    const long = await client.send(token, channelId, 'x'.repeat(40_000));
    for (let i = 0; i < REPLIES; i++) await client.send(token, channelId, `re ${i}`, { replyToMessageId: long });
    const body = JSON.stringify({ query: amplified(6), variables: { c: channelId } });
    const request = [
      'POST /graphql HTTP/1.1',
      `Host: 127.0.0.1:${mock.port}`,
      'Content-Type: application/json',
      `Authorization: Bearer ${token}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    return async () => {
      const sockets = await Promise.all(
        Array.from({ length: CONNECTIONS }, () => {
          const socket = connect(mock.port, '127.0.0.1');
          socket.pause();
          socket.on('error', () => {});
          return new Promise<Socket>((resolve) => socket.once('connect', () => resolve(socket)));
        }),
      );
      for (const socket of sockets) socket.write(request.repeat(PIPELINED));
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      const statuses = await Promise.all(sockets.map(firstStatus));
      const serverErrors = statuses.filter((status) => status === null || status >= 500).length;
      return { summary: `${CONNECTIONS} x ${PIPELINED} requests of ${Buffer.byteLength(body)} B held ${HOLD_MS / 1000} s; first answers: ${statuses.join(' ')}`, serverErrors };
    };
  },
};
