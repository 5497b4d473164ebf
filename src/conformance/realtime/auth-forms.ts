/**
 * How a WebSocket client can present its access token. SPEC.md leaves socket authentication open
 * (section 6, gaps), so the suite tries the forms common servers accept, in this order, and keeps
 * the first the server acknowledges.
 */
export interface SocketAuthForm {
  /** How the form is named in notes and reports. */
  readonly name: string;
  readonly connectionParams: (token: string) => Record<string, unknown> | undefined;
  /** Headers of the upgrade request (clients outside browsers can send them). */
  readonly headers: (token: string) => Record<string, string>;
}

const none = () => ({});

export const socketAuthForms: readonly SocketAuthForm[] = [
  { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: `Bearer ${token}` }), headers: none },
  { name: 'connection_init {"authorization":"Bearer <token>"}', connectionParams: (token) => ({ authorization: `Bearer ${token}` }), headers: none },
  { name: 'connection_init {"headers":{"Authorization":"Bearer <token>"}}', connectionParams: (token) => ({ headers: { Authorization: `Bearer ${token}` } }), headers: none },
  { name: 'connection_init {"token":"<token>"}', connectionParams: (token) => ({ token }), headers: none },
  { name: 'the upgrade request header Authorization: Bearer <token>', connectionParams: () => undefined, headers: (token) => ({ authorization: `Bearer ${token}` }) },
];
