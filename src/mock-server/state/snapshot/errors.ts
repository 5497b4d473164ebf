import { ErrorCode } from '../../../schema/error-codes.js';
import { DomainError } from '../errors.js';

/**
 * A snapshot that cannot be restored: not JSON, not a Parley state, a version this Parley does
 * not read, or a table that is not valid. The message is one sentence naming what is wrong.
 */
export class SnapshotError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.BAD_USER_INPUT, message);
  }
}
