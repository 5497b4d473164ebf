import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

/**
 * No React plugin: Vite compiles .tsx itself (React's automatic JSX runtime, below); the plugin
 * would only add fast refresh.
 *
 * In your app `parley/msw` comes from node_modules. This example lives inside Parley's repository,
 * so it reads Parley's source directly: the test always runs what is in the tree, with no build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: 'parley/msw/shared-worker', replacement: source('msw/shared-worker.ts') },
      { find: 'parley/msw', replacement: source('msw/index.ts') },
    ],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  worker: { format: 'es' },
  // Parley's engine (the mock chunk and its SharedWorker) is large, and only in the dev build.
  build: { target: 'es2022', chunkSizeWarningLimit: 2048 },
});
