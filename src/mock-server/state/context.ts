import type { Access } from './access.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { IdGenerator } from './ids.js';
import type { SecretGenerator } from './secrets.js';

/**
 * What every area shares and owns none of: the time, the id and secret sources, the event bus,
 * and the membership rules ({@link Access}).
 */
export interface Kernel {
  readonly access: Access;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly events: EventBus;
}

/**
 * What a service of one area is built with: the kernel and that area's own tables, nothing else.
 * Another area's data is reached through that area's service (or, for who belongs where, through
 * the kernel's `Access`), so reading another area's table is a compile error, not a review note.
 */
export interface AreaContext<OwnTables> extends Kernel {
  readonly tables: OwnTables;
}
