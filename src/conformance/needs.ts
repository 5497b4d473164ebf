import type { Check, SkipKind } from './check.js';
import type { CredentialsFile } from './provision.js';
import type { RealtimeFinding } from './realtime/realtime-context.js';
import type { World } from './world.js';

/** A need the run cannot meet: why, and whose doing that is. */
export interface Unmet {
  readonly reason: string;
  readonly kind: SkipKind;
}

/** What meeting a check's needs depends on. */
export interface NeedsScope {
  readonly world: World;
  readonly realtime: RealtimeFinding;
  /** The credentials file, when the accounts came from one (a missing actor is then the user's choice). */
  readonly credentials: CredentialsFile | undefined;
}

/** The first need of `check` that the run cannot meet, with whose doing that is; null when all are met. */
export async function unmetNeed(check: Check, { world, realtime, credentials }: NeedsScope): Promise<Unmet | null> {
  const fromFile = credentials !== undefined;
  for (const need of check.needs ?? []) {
    if (need === 'B' && !world.b) return { reason: 'needs actor B (a second account), and the credentials file gives none', kind: fromFile ? 'chosen' : 'could-not-run' };
    if (need === 'C' && !world.c) return { reason: 'needs actor C (a third account), and the credentials file gives none', kind: fromFile ? 'chosen' : 'could-not-run' };
    if (need === 'attachment' && !world.attachment) return { reason: `needs an uploaded attachment: ${world.attachmentProblem ?? "the server's upload did not work"}`, kind: 'could-not-run' };
    if (need === 'refresh' && !world.a.refreshToken) {
      return fromFile
        ? { reason: 'needs a refresh token for actor A, and the credentials file gives none (add "refreshToken" to its first account)', kind: 'chosen' }
        : { reason: 'needs a refresh token for actor A, and login returned none', kind: 'could-not-run' };
    }
  }
  if (check.needs?.includes('realtime')) {
    const probe = await realtime.found;
    if (!probe.available) return { reason: `needs a graphql-ws connection, and events.websocket found none: ${probe.reason}`, kind: 'blocked' };
  }
  return null;
}
