import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The last answer started on each connection. */
const lastAnswer = new WeakMap<Socket, ServerResponse>();

/** Whether `res` has been handed to the operating system in full, or will never be. */
const settled = (res: ServerResponse): boolean => res.writableFinished || res.destroyed;

/**
 * Runs `answer` for `req` once the connection's previous answer has been written out (handed to
 * the operating system) or abandoned. HTTP/1.1 sends a connection's answers in the order of its
 * requests anyway; without this, a client that pipelines requests and never reads would have
 * every one of them executed and its answer kept in memory, in a queue nothing drains. With it, a
 * connection holds at most one answer (`maxResponseBytes`) that its client has not read, and its
 * further requests wait, unexecuted (Node stops reading the socket meanwhile). A client that
 * waits for each answer, as browsers and fetch do, never waits here.
 */
export function answerInTurn(req: IncomingMessage, res: ServerResponse, answer: () => Promise<void>): Promise<void> {
  const { socket } = req;
  const previous = lastAnswer.get(socket);
  lastAnswer.set(socket, res);
  if (previous === undefined || settled(previous)) return answer();
  return new Promise<void>((resolve) => {
    previous.once('finish', resolve);
    previous.once('close', resolve);
  }).then(() => (res.destroyed ? undefined : answer()));
}
