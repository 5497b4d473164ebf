import { socketAuthForms, type SocketAuthForm } from './auth-forms.js';
import { RealtimeConnection } from './connection.js';
import { FrameLog } from './frames.js';

export type RealtimeProbe =
  | { readonly available: true; readonly form: SocketAuthForm }
  | { readonly available: false; readonly reason: string };

/** Close codes that say "not this token form", so the next form is worth a try. */
const AUTH_REFUSALS = new Set([4400, 4401, 4403, 1008]);

/**
 * Finds out whether a graphql-ws server answers at `url` and which token form it accepts (SPEC.md
 * leaves the handshake open). Tries each form of {@link socketAuthForms} with A's token until one
 * is acknowledged; stops at the first sign that nothing speaks graphql-ws there at all.
 */
export async function probeRealtime(url: string, token: string, timeoutMs: number): Promise<RealtimeProbe> {
  const refusals: string[] = [];
  for (const form of socketAuthForms) {
    const connection = new RealtimeConnection(url, 'A', token, form, new FrameLog(), timeoutMs);
    const outcome = await Promise.race([
      connection.acknowledged.then(() => 'acknowledged' as const),
      connection.closed,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
    ]).catch(() => connection.closed);
    await connection.dispose();
    if (outcome === 'acknowledged') return { available: true, form };
    if (outcome === 'timeout') return { available: false, reason: `no graphql-ws connection_ack came from ${url} within ${timeoutMs} ms` };
    if (outcome.code === 4406) return { available: false, reason: `${url} does not speak the graphql-transport-ws subprotocol (closed with 4406)` };
    // A server that authenticates the upgrade itself answers it 401 or 403 without the header form.
    const upgradeRefused = /Unexpected server response: 40[13]\b/.exec(connection.lastError ?? '');
    if (upgradeRefused) {
      refusals.push(`${form.name}: the upgrade was answered ${upgradeRefused[0].slice(-3)}`);
      continue;
    }
    if (!AUTH_REFUSALS.has(outcome.code)) {
      const why = connection.lastError ?? `closed with ${outcome.code}${outcome.reason ? `: ${outcome.reason}` : ''}`;
      return { available: false, reason: `no graphql-ws server answered at ${url} (${why})` };
    }
    refusals.push(`${form.name}: ${outcome.code}${outcome.reason ? ` ${outcome.reason}` : ''}`);
  }
  return { available: false, reason: `${url} refused every token form the suite knows (${refusals.join('; ')})` };
}
