import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { createContext, type GraphQLContext } from '../../../src/mock-server/graphql/context.js';
import { serveFetch } from '../../../src/mock-server/http/fetch-adapter.js';
import { uploadsRoute } from '../../../src/mock-server/routes/uploads.js';
import { nodePasswordHasher } from '../../../src/mock-server/platform/node-passwords.js';
import { DomainError } from '../../../src/mock-server/state/errors.js';
import { MockState } from '../../../src/mock-server/state/mock-state.js';
import { patchedFaults } from '../faults/realtime.js';
import { schemaWithCodedErrors } from './schema-with-coded-errors.js';

/** The realtime faults a framework server is built with to prove the suite catches them there too. */
export type RealtimeFaultName = 'replays-stored-messages-on-subscribe' | 'lets-a-non-member-subscribe';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * What a framework server shares with the mock: the domain (an empty {@link MockState}), the
 * contract's resolvers throwing coded GraphQLErrors, and the upload URLs provisioning PUTs to.
 * Each framework adds only its own doors: HTTP, its GraphQL handler, its WebSocket auth.
 */
export class ChatDomain {
  readonly state = new MockState({ passwords: nodePasswordHasher });
  readonly schema: GraphQLSchema = schemaWithCodedErrors();

  /** A correct server's domain, or one with a realtime fault of test/conformance/faults/realtime.ts patched in. */
  constructor(fault?: RealtimeFaultName) {
    if (fault === undefined) return;
    const patched = patchedFaults.find((candidate) => candidate.name === fault);
    if (!patched) throw new Error(`no patched fault is named ${fault}`);
    patched.patch(this.state);
  }

  /**
   * The resolvers' context for a caller who presented `authorization` (an HTTP Authorization
   * value, `Bearer <token>`); resolvers that need a caller refuse with UNAUTHENTICATED without
   * one. `publicOrigin` is where the server is reached, for the URLs it hands out.
   */
  context(authorization: string | null | undefined, publicOrigin: string): GraphQLContext {
    return createContext(this.state, authorization ?? null, publicOrigin);
  }

  /** The same for a caller who presented a bare access token. */
  contextForToken(token: unknown, publicOrigin: string): GraphQLContext {
    return this.context(typeof token === 'string' ? `Bearer ${token}` : null, publicOrigin);
  }

  /** Whether `token` is a live access token of this server (a socket's check before acknowledging it). */
  isLiveToken(token: unknown): boolean {
    if (typeof token !== 'string' || token === '') return false;
    try {
      this.state.sessions.authenticate(token);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  /** Whether `authorization` is `Bearer <a live access token>`. */
  isLiveAuthorization(authorization: unknown): boolean {
    const match = typeof authorization === 'string' ? BEARER.exec(authorization) : null;
    return match !== null && this.isLiveToken(match[1]);
  }

  /**
   * Serves `/uploads/<key>` (the URLs `createUploadUrl` hands out) with the mock's own route: a
   * PUT stores the bytes under the key. Resolves false, answering nothing, for any other path.
   */
  async serveUpload(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const key = uploadKeyOf(req.url);
    if (key === null) return false;
    const host = { state: this.state, changed: () => {} };
    await serveFetch(req, res, `http://${req.headers.host ?? 'localhost'}`, (request) => uploadsRoute(host, request, key));
    return true;
  }
}

/** The upload key a request path names (`/uploads/<key>`), or null. */
export function uploadKeyOf(url: string | undefined): string | null {
  const match = /^\/uploads\/([^/?]+)(?:\?|$)/.exec(url ?? '');
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
