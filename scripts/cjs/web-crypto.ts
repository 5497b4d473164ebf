import { webcrypto } from 'node:crypto';

/**
 * Web Crypto for the CommonJS build (scripts/build-cjs.ts injects it for `crypto` and
 * `globalThis.crypto`), which Node alone runs: Jest, mostly. jsdom's `crypto`, which Jest's jsdom
 * environments (jest-fixed-jsdom too) put in the test's globals, has `getRandomValues` (and
 * `randomUUID` from jsdom 22) but no `subtle`: jose signs file and upload URLs with it, and PKCE
 * hashes with it. Where the environment's own `crypto` has `subtle`, it is used as it is.
 */
// Not `globalThis.crypto`, which the build defines to be this module's export.
const own = Reflect.get(globalThis, 'crypto') as typeof globalThis.crypto | undefined;

export const parleyWebCrypto: typeof globalThis.crypto = own?.subtle ? own : (webcrypto as typeof globalThis.crypto);
export { parleyWebCrypto as crypto };
