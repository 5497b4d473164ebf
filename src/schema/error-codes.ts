/**
 * Error codes carried in `errors[].extensions.code`.
 *
 * The first five are the codes SPEC.md section 7 names; the rest follow the conventions of
 * graphql-js servers (Apollo Server's names), so clients written against either recognise them.
 */
export const ErrorCode = {
  /** Access token missing, malformed, expired or revoked. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The caller is known but may not do this (not a member, not the sender, wrong role). */
  FORBIDDEN: 'FORBIDDEN',
  /** An argument is well-typed but invalid (bad id format, out of range, malformed cursor). */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** A well-formed id names nothing the caller can see. */
  NOT_FOUND: 'NOT_FOUND',
  /** The request collides with existing state (a taken slug, email or username). */
  CONFLICT: 'CONFLICT',
  /** The document is not valid GraphQL syntax. */
  GRAPHQL_PARSE_FAILED: 'GRAPHQL_PARSE_FAILED',
  /**
   * Storing this would take the workspace past its storage quota (`FileLibrarySummary.quotaBytes`),
   * or the caller past what they may hold in uploads not used yet (HTTP 413 on an upload's PUT).
   */
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  /** The document does not validate against the schema. */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  /** The document is over a limit: depth, aliases, directives, cost or tokens (see the README). */
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  /** Too many attempts: refused for a while; the message says until when (`login` after repeated wrong passwords). */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The answer would be larger than the server sends (`--max-response-bytes`): not sent, `data` is null. */
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  /** The request body is larger than the server accepts (HTTP 413). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The HTTP request is not a GraphQL request (bad JSON, missing query, wrong method). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** A bug in the server; the details are logged on the server, never sent. */
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
