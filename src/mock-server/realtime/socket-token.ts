/**
 * Where a WebSocket client may put its access token. Browsers cannot set headers on a WebSocket,
 * so the token travels in the `connection_init` payload (graphql-ws's `connectionParams`); every
 * form that common clients send is accepted:
 *
 * | payload | example |
 * |---|---|
 * | `Authorization` | `{ "Authorization": "Bearer pa_..." }` |
 * | `authorization` | `{ "authorization": "Bearer pa_..." }` |
 * | `headers.Authorization` (either case) | `{ "headers": { "Authorization": "Bearer pa_..." } }` (Apollo, urql) |
 * | `token` | `{ "token": "pa_..." }` (the bare token; `Bearer ` in front is allowed) |
 *
 * Clients outside a browser may instead send the `Authorization` header on the upgrade request;
 * the payload wins when both are there.
 */
export function socketToken(connectionParams: Readonly<Record<string, unknown>> | undefined, upgradeAuthorization: string | undefined): string | undefined {
  const params = connectionParams ?? {};
  const headers = isRecord(params['headers']) ? params['headers'] : {};
  const candidates = [
    params['Authorization'],
    params['authorization'],
    headers['Authorization'],
    headers['authorization'],
    params['token'],
    upgradeAuthorization,
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    return candidate.trim().replace(/^Bearer[ \t]+/i, '');
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
