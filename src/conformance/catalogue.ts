import type { Check } from './check.js';
import { authenticationChecks } from './checks/authentication.js';
import { crossChecks } from './checks/cross.js';
import { errorChecks } from './checks/errors.js';
import { eventChecks } from './checks/events.js';
import { fieldChecks } from './checks/fields.js';
import { messagesSinceChecks } from './checks/messages-since.js';
import { messagesChecks } from './checks/messages.js';
import { modelChecks } from './checks/model.js';
import { signatureChecks } from './signatures/checks.js';

/** Every check of the suite, in report order. Ids are permanent (test/conformance/catalogue.test.ts pins them). */
export const catalogue: readonly Check[] = [
  ...fieldChecks,
  ...messagesChecks,
  ...messagesSinceChecks,
  ...authenticationChecks,
  ...eventChecks,
  ...errorChecks,
  ...crossChecks,
  ...modelChecks,
  ...signatureChecks,
];
