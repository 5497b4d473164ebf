import type { Fault } from '../support/fault.js';
import { authenticationFaults } from './authentication.js';
import { contentFaults } from './content.js';
import { errorFaults } from './errors.js';
import { foundBySelfTest } from './found-by-self-test.js';
import { limitFaults } from './limits.js';
import { messagesPagingFaults } from './messages-paging.js';
import { sideEffectFaults } from './side-effects.js';
import { sincePagingFaults } from './since-paging.js';

/** Every faulty server of the self-test, one broken rule each. */
export const faults: readonly Fault[] = [
  ...messagesPagingFaults,
  ...sincePagingFaults,
  ...limitFaults,
  ...errorFaults,
  ...contentFaults,
  ...sideEffectFaults,
  ...authenticationFaults,
  ...foundBySelfTest,
];
