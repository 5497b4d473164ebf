import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '../../schema/error-codes.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  // Encoded at its exact size: a string handed to the socket is held as three bytes per character.
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, ...headers });
  res.end(bytes);
}

/** A non-GraphQL route's error, in the same `errors[].extensions.code` shape GraphQL uses. */
export function sendError(res: ServerResponse, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] }, headers);
}
