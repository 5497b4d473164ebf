import type { ErrorCode } from '../../schema/error-codes.js';

const encoder = new TextEncoder();

/** A Response of `text`, encoded once, with its exact `content-length`. */
export function textResponse(status: number, text: string, headers: Record<string, string>): Response {
  const bytes = encoder.encode(text);
  return new Response(bytes, { status, headers: { ...headers, 'content-length': String(bytes.byteLength) } });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return textResponse(status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/** A non-GraphQL route's error, in the same `errors[].extensions.code` shape GraphQL uses. */
export function errorResponse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { errors: [{ message, extensions: { code } }] }, headers);
}
