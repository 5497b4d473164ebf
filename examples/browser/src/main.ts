import { setupWorker } from 'msw/browser';
import { createSharedParleyHandlers } from 'parley/msw';
import { startChat } from './chat.js';

/**
 * The whole backend runs in the browser: Parley's state lives in a SharedWorker (one for every tab
 * of this origin, so a message sent in one tab reaches the others live, as with a real server),
 * and MSW's service worker hands each `/graphql` request and WebSocket of this page to it.
 */
const parley = createSharedParleyHandlers({
  worker: new SharedWorker(new URL('./parley.worker.ts', import.meta.url), { type: 'module', name: 'parley' }),
  endpoint: '/graphql',
});
await setupWorker(...parley.handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
await startChat().catch((error: unknown) => {
  document.getElementById('status')!.textContent = `failed: ${error instanceof Error ? error.message : String(error)}`;
  throw error;
});
