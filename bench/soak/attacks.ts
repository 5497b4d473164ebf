import type { Attack } from './attack.js';
import { amplifiedAnswers } from './attacks/amplified-answers.js';
import { documentCache } from './attacks/document-cache.js';
import { persistUploads } from './attacks/persist-uploads.js';
import { searchIndex } from './attacks/search-index.js';
import { unusedUploads } from './attacks/unused-uploads.js';
import { websocketPings } from './attacks/websocket-pings.js';
import { wrongPasswords } from './attacks/wrong-passwords.js';

/** The soak's attacks, in the order "Bounded and durable" lists them. */
export const ATTACKS: readonly Attack[] = [searchIndex, unusedUploads, websocketPings, amplifiedAnswers, documentCache, persistUploads, wrongPasswords];
