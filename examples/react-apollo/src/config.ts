/**
 * The one switch between Parley in the browser and a server.
 *
 * - Unset (the default): Parley runs in this page's origin through MSW, with no server at all
 *   (see mock.ts); the app talks to `/graphql` of its own origin.
 * - `VITE_PARLEY_URL=http://localhost:4000/graphql`: the app talks to that server (`npm start`,
 *   or your real backend), over HTTP and over `ws:` on the same URL, and never loads MSW or Parley
 *   (Vite writes the value in at build time, and main.tsx's `import()` of mock.ts drops out of
 *   the app's code).
 */
export const PARLEY_URL: string = import.meta.env.VITE_PARLEY_URL ?? '';
