/**
 * Bundles the dev console (src/console-app: React and the page's views) with esbuild into
 * dist/console/console.js and console.css, which the HTTP door serves at /dev/console/...
 * (src/mock-server/http/console-route.ts). Run by `npm run build`; nothing is fetched at run
 * time (no CDN, no web font), so the page works offline. The console is its own asset: the MSW
 * entry's bundle never imports it.
 *
 *   npx tsx scripts/build-console.ts [--force]
 *
 * Skips the work when the bundle is newer than its sources and the lock file.
 */
import { buildApp, buildAppFromCommandLine, type AppBundle } from './bundle-app.js';

const devConsole: AppBundle = { name: 'console', app: 'console-app', script: import.meta.url };

/** Builds the bundle unless it is up to date (or `force`); resolves with whether it built. */
export const buildConsole = (force = false): Promise<boolean> => buildApp(devConsole, force);

await buildAppFromCommandLine(devConsole);
