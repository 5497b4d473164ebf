import { setupWorker } from 'msw/browser';
import { createSharedParleyHandlers } from 'parley/msw';

/**
 * Starts Parley in the browser: its state lives in a SharedWorker (one for every tab of this
 * origin, so a message sent in one tab reaches the others live, as with a server), and MSW's
 * service worker hands each `/graphql` request and WebSocket of the page to it. Loaded only when
 * no server URL is set (main.tsx): against a server, none of this runs.
 */
export async function startParleyInTheBrowser(): Promise<string> {
  const parley = createSharedParleyHandlers({
    worker: new SharedWorker(new URL('./parley.worker.ts', import.meta.url), { type: 'module', name: 'parley' }),
    endpoint: '/graphql',
  });
  await setupWorker(...parley.handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
  return new URL('/graphql', location.href).href;
}
