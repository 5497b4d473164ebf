import type { Response as HandlerResponse } from 'graphql-http';
import { ErrorCode } from '../../schema/error-codes.js';
import { limitFlags, type QueryLimits } from './limits.js';

/** HTTP 413 with one `PAYLOAD_TOO_LARGE` error, as every door answers a body over the limit. */
export function payloadTooLarge(message: string): HandlerResponse {
  const body = JSON.stringify({ errors: [{ message, extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE } }] });
  return [body, { status: 413, statusText: 'Payload Too Large', headers: { 'content-type': 'application/json; charset=utf-8' } }];
}

/**
 * The answer to a request body larger than `maxBodyBytes`: the one refusal of every door (the
 * HTTP door stops reading at the limit, the MSW door measures the body it was given).
 */
export function bodyTooLarge(limits: Pick<QueryLimits, 'maxBodyBytes'>): HandlerResponse {
  return payloadTooLarge(`the request body is larger than ${limits.maxBodyBytes} bytes; raise the limit with ${limitFlags.maxBodyBytes}`);
}
